import type { ProfileCard } from '@rendezvous/contract';
import { en, expect, test } from './fixtures';
import { activeMember, profileFromSearch } from './members';

// The sign-up's push step is offered only where the service worker runs, as for members.
test.use({ serviceWorkers: 'allow' });

test('a member opens a profile, switches its photo and sees similar members; visitors see it too', async ({ page }) => {
  await activeMember(page, 'Anna');
  const search = await page.request.get('/api/search.php?auto_load=1');
  expect(search.status()).toBe(200);
  const { profiles } = (await search.json()) as { profiles: ProfileCard[] };
  const profile = profiles.find((card) => card.images.length >= 2);
  if (!profile) throw new Error('The demo data has no member with two photos on the first page');

  await page.goto(`/members/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  const gallery = page.getByRole('region', { name: `Photos of ${profile.name}` });
  const count = profile.images.length;
  const mainPhoto = gallery.getByRole('img', { name: new RegExp(`^Photo \\d+ of ${count} of `) });
  await expect(mainPhoto).toBeVisible();
  const before = await mainPhoto.getAttribute('src');

  const otherName = await gallery.getByRole('button', { pressed: false }).first().getAttribute('aria-label');
  const other = gallery.getByRole('button', { name: otherName ?? '' });
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  await expect(mainPhoto).not.toHaveAttribute('src', before ?? '');
  await expect(page.getByRole('link', { name: `Chat with ${profile.name}` })).toHaveAttribute(
    'href',
    `/members/${profile.id}/chat`,
  );

  const similar = page.getByRole('list', { name: en('member_page.similar_title') });
  await expect(similar.locator('[data-profile-id]').first()).toBeVisible();
  await expect(similar.locator(`[data-profile-id="${profile.id}"]`)).toHaveCount(0);

  // The likes screen shows the same page without the chat button (spec §2).
  await page.goto(`/likes/m/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await expect(page.getByRole('link', { name: `Chat with ${profile.name}` })).toHaveCount(0);

  await page.goto('/members/999999999');
  await expect(page.getByText('Page not found: /members/999999999')).toBeVisible();
  // The not-found page now comes with the first HTML; the members under it come once the page runs,
  // and with them its live stream, which must open before the cookies go or it is refused.
  await expect(page.getByRole('list', { name: en('errors.members_title') })).toBeVisible();

  // Logged out, the page is still there to share; chatting starts with signing up.
  await page.context().clearCookies();
  await page.goto(`/members/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await expect(page.getByRole('button', { name: en('member_page.chat_signup', { name: profile.name }) })).toBeVisible();
});

test('a visitor signs up on a profile to get in touch, in a modal that names the profile', async ({
  page,
  request,
}) => {
  const profile = await profileFromSearch(request);
  await page.goto(`/members/${profile.id}`);
  const contact = page.getByRole('button', { name: en('member_page.chat_signup', { name: profile.name }) });
  const signup = page.getByRole('dialog', { name: en('signup.title_with_profile', { name: profile.name }) });

  await contact.click();
  await expect(signup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(signup).toBeHidden();

  await contact.click();
  const email = `visitor-${Date.now()}@example.test`;
  await signup.getByLabel(en('signup.email')).fill(email);
  await signup.getByLabel(en('signup.name')).fill('Wilma');
  await signup.getByRole('textbox', { name: en('signup.password'), exact: true }).fill('a safe password');
  await signup.getByRole('button', { name: en('signup.submit') }).click();
  // The activation progress screen, then the push offer (step 1): Chromium offers push, and this visitor says not now.
  await signup.getByRole('button', { name: en('signup.activation_continue') }).click({ timeout: 30_000 });
  await expect(signup.getByRole('heading', { name: en('signup.push_title') })).toBeVisible();
  await signup.getByRole('button', { name: en('signup.push_skip') }).click();
  await expect(signup.getByRole('heading', { name: en('signup.photo_title') })).toBeVisible();
  expect((await (await page.request.get('/api/user.php')).json()).email).toBe(email);

  // Now a member, the profile behind the closed modal leads to the chat.
  await page.keyboard.press('Escape');
  await expect(signup).toBeHidden();
  await expect(page.getByRole('link', { name: en('member_page.chat', { name: profile.name }) })).toHaveAttribute(
    'href',
    `/members/${profile.id}/chat`,
  );
});
