import { en, expect, test } from './fixtures';
import { activeMember, csrfHeaders, secondPage, signUpUnconfirmed, TINY_PNG as PNG } from './members';

const FIRST_PASSWORD = 'first password here';
const SECOND_PASSWORD = 'second password here';

test('a member edits photos, living area, details and texts, changes the password, and it all stays', async ({
  page,
  context,
}) => {
  const email = `profile-${Date.now()}@example.test`;
  // A fresh member of its own, so the test can change everything without disturbing others.
  await signUpUnconfirmed(page, { email, name: 'Wilhelmina', password: FIRST_PASSWORD });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: en('profile.title') })).toBeVisible();

  // Photos: two added, the second made the main one, the first removed.
  const photos = page.getByRole('region', { name: en('profile_edit.photos_title') });
  await expect(photos.getByText(en('profile_edit.photos_none'))).toBeVisible();
  for (const name of ['first.png', 'second.png']) {
    await photos.getByLabel(en('profile_edit.photo_add')).setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    await expect(photos.getByRole('status')).toHaveText(en('profile_edit.photo_added'));
  }
  await expect(photos.getByRole('img', { name: en('profile_edit.photo_alt_main', { number: 1 }) })).toBeVisible();
  await photos
    .getByRole('button', {
      name: `${en('profile_edit.photo_make_main')} ${en('profile_edit.photo_which', { number: 2 })}`,
    })
    .click();
  await expect(photos.getByRole('status')).toHaveText(en('profile_edit.photo_main_changed'));
  await expect(photos.getByRole('img', { name: en('profile_edit.photo_alt_main', { number: 2 }) })).toBeVisible();

  await photos
    .getByRole('button', {
      name: `${en('profile_edit.photo_remove')} ${en('profile_edit.photo_which', { number: 1 })}`,
    })
    .click();
  const confirm = page.getByRole('dialog', { name: en('profile_edit.photo_remove_title') });
  await confirm.getByRole('button', { name: en('profile_edit.photo_remove_confirm') }).click();
  await expect(photos.getByRole('status')).toHaveText(en('profile_edit.photo_removed'));
  await expect(photos.getByRole('img')).toHaveCount(1);
  const kept = await (await page.request.get('/api/user.php')).json();
  expect(kept.profile.images).toHaveLength(1);
  expect(kept.profile.main_image.id).toBe(kept.profile.images[0].id);

  // Living area.
  const area = page.getByRole('region', { name: en('profile_edit.location_title') });
  await area.getByLabel(en('signup.country')).selectOption('NL');
  await area.getByLabel(en('signup.region')).selectOption({ index: 1 });
  const region = await area.getByLabel(en('signup.region')).inputValue();
  await area.getByLabel(en('signup.city')).fill('Zaandam');
  await area.getByRole('button', { name: en('profile_edit.location_save') }).click();
  await expect(area.getByRole('status')).toHaveText(en('profile_edit.saved'));

  // Personal details.
  const personal = page.getByRole('region', { name: en('profile_edit.personal_title') });
  await personal.getByLabel(en('profile_edit.name')).fill('Mien');
  await personal.getByLabel(en('signup.gender')).selectOption('female');
  await personal.getByLabel(en('signup.date_day')).selectOption('12');
  await personal.getByLabel(en('signup.date_month')).selectOption({ index: 4 });
  await personal.getByLabel(en('signup.date_year')).selectOption('1956');
  await personal.getByLabel(en('signup.field_smoking')).selectOption('no');
  await personal.getByRole('button', { name: en('profile_edit.personal_save') }).click();
  await expect(personal.getByRole('status')).toHaveText(en('profile_edit.saved'));

  // About-me texts.
  const about = page.getByRole('region', { name: en('profile_edit.about_title') });
  await about.getByLabel(en('signup.note_about_me')).fill('Cycling along the Zaan on Sunday mornings.');
  await about.getByRole('button', { name: en('profile_edit.about_save') }).click();
  await expect(about.getByRole('status')).toHaveText(en('profile_edit.saved'));

  // Password: a wrong current one is refused next to its field, the right one works.
  const current = page.getByRole('textbox', { name: en('password_change.current'), exact: true });
  const fresh = page.getByRole('textbox', { name: en('password_change.new'), exact: true });
  await current.fill('not my password');
  await fresh.fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: en('password_change.submit') }).click();
  await expect(page.getByText(en('validation.password_wrong'))).toBeVisible();
  await current.fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: en('password_change.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: en('password_change.done') })).toBeVisible();

  // After a reload every answer is still there, and this browser is still logged in.
  await page.reload();
  await expect(photos.getByRole('img', { name: en('profile_edit.photo_alt_main', { number: 1 }) })).toBeVisible();
  await expect(area.getByLabel(en('signup.country'))).toHaveValue('NL');
  await expect(area.getByLabel(en('signup.region'))).toHaveValue(region);
  await expect(area.getByLabel(en('signup.city'))).toHaveValue('Zaandam');
  await expect(personal.getByLabel(en('profile_edit.name'))).toHaveValue('Mien');
  await expect(personal.getByLabel(en('signup.gender'))).toHaveValue('female');
  await expect(personal.getByLabel(en('signup.date_day'))).toHaveValue('12');
  await expect(personal.getByLabel(en('signup.date_month'))).toHaveValue('4');
  await expect(personal.getByLabel(en('signup.date_year'))).toHaveValue('1956');
  await expect(personal.getByLabel(en('signup.field_smoking'))).toHaveValue('no');
  await expect(about.getByLabel(en('signup.note_about_me'))).toHaveValue('Cycling along the Zaan on Sunday mornings.');

  // The new password is the one that logs in now.
  await context.clearCookies();
  await page.goto('/login');
  await page.getByLabel(en('login.email')).fill(email);
  await page.getByLabel(en('login.password')).fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: en('login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('the sections above the blocked members keep their height while they load, so nothing moves under a tap', async ({
  page,
  browser,
}) => {
  await activeMember(page, 'Ingrid');
  const other = await secondPage(browser);
  const olafId = await activeMember(other, 'Olaf');
  await other.context().close();
  await page.goto('/');
  const block = await page.request.post('/api/block.php', {
    data: { profile: olafId },
    headers: await csrfHeaders(page),
  });
  expect(block.ok()).toBe(true);

  // Where the blocked members' heading is on the page, at every frame from the first one on.
  await page.addInitScript((title) => {
    const tops: number[] = [];
    Object.assign(window, { blockedTops: tops });
    const frame = () => {
      const heading = Array.from(document.querySelectorAll('h2')).find((element) => element.textContent === title);
      if (heading) tops.push(Math.round(heading.getBoundingClientRect().top + window.scrollY));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, en('safety.blocked_title'));
  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: en('safety.blocked_title') });
  await expect(blocked.getByRole('button', { name: en('safety.unblock_named', { name: 'Olaf' }) })).toBeVisible();
  // The push setting has asked this browser and shows its answer.
  await expect(page.getByRole('region', { name: en('push.title') }).getByRole('status')).toBeVisible();

  const tops = await page.evaluate(() => (window as unknown as { blockedTops: number[] }).blockedTops);
  expect(tops.length).toBeGreaterThan(0);
  expect(new Set(tops)).toEqual(new Set([tops[0]]));
});
