import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER, type ModerationQueueResponse, type User } from '@rendezvous/contract';
import { expectNoAxeViolations } from './axe';
import { adminConsole } from './console';
import { en, expect, test } from './fixtures';
import { mailedLink, mailWithSubject } from './mail';
import { MEMBER_PASSWORD, TINY_PNG } from './members';
import { PORT } from './playwright.config';

/** Silver Sparks, the demo site that reviews new photos and texts before publication. */
const SPARKS = `http://boxy.localhost:${PORT}`;

/**
 * A confirmed member of Silver Sparks in a phone-sized browser of their own. The calls go from
 * the page, since only the browser finds boxy.localhost, and from a page that loads no app: the
 * set-up makes no page loads, which are what the test is about. The site signs up visitors who
 * came through a traffic source only.
 */
async function sparksMember(browser: Browser, name: string): Promise<{ page: Page; id: number; email: string }> {
  const [a, b, c] = crypto.randomBytes(3);
  const context = await browser.newContext({
    baseURL: SPARKS,
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  const page = await context.newPage();
  // The first call, refused for a visitor, hands out the CSRF cookie.
  expect((await page.goto('/api/user.php'))?.status()).toBe(403);
  const email = `${name.toLowerCase()}-${Date.now()}-${crypto.randomInt(1e6)}@example.test`;
  const status = await page.evaluate(
    async ({ email, name, password, cookie, header }) => {
      const csrf = document.cookie.match(new RegExp(`${cookie}=([^;]+)`))?.[1] ?? '';
      const response = await fetch('/api/user.php?new=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: csrf },
        body: JSON.stringify({ email, name, password, language: 'en', trafficsource: { network: 'e2e' } }),
      });
      return response.status;
    },
    { email, name, password: MEMBER_PASSWORD, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  expect(status).toBe(200);
  const activated = await page.evaluate(
    async (link) => (await fetch(link)).url,
    await mailedLink(page.request, email, /\/api\/activate/),
  );
  expect(activated).toMatch(/\/activate\/done$/);
  return { page, id: (await ownUser(page)).profile.id, email };
}

const ownUser = async (page: Page): Promise<User> =>
  page.evaluate(async () => (await (await fetch('/api/user.php')).json()) as User);

/** Adds a photo on the member's own profile page; it shows to them, marked as waiting. */
async function uploadPhoto(page: Page) {
  await page.goto('/profile');
  const photos = page.getByRole('region', { name: en('profile_edit.photos_title') });
  await photos.getByLabel(en('profile_edit.photo_add')).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(photos.getByRole('status')).toHaveText(en('profile_edit.photo_added'));
  await expect(photos.getByText(en('profile_edit.photo_in_review'))).toBeVisible();
  await expect(photos.getByRole('img', { name: en('profile_edit.photo_alt_main', { number: 1 }) })).toHaveJSProperty(
    'complete',
    true,
  );
  const [photo] = (await ownUser(page)).profile.images;
  expect(photo?.in_review).toBe(true);
  return photo!;
}

const mediaStatus = (page: Page, name: string) =>
  page.evaluate(async (path) => (await fetch(path)).status, `/media/${name}`);

/** A moderator's console open on the queue's photos, and the item about the member open and taken. */
async function takePhotoItem(moderator: Page, memberId: number) {
  await moderator
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.moderation.nav') })
    .click();
  await moderator.getByLabel(en('console.moderation.queue.kind')).selectOption({
    label: en('console.moderation.kinds.photo'),
  });
  await expect(moderator).toHaveURL(/kind=photo/);
  const queue = (await (
    await moderator.request.get('/api/console/moderation/items?kind=photo')
  ).json()) as ModerationQueueResponse;
  const item = queue.items.find((entry) => entry.reported_member?.id === memberId);
  if (!item) throw new Error(`No photo item about member ${memberId} is in the queue`);
  await moderator
    .getByRole('list', { name: en('console.moderation.queue.list_label') })
    .getByRole('link', { name: item.reference })
    .click();
  const panel = moderator.getByRole('region', { name: new RegExp(item.reference) });
  const review = panel.getByRole('region', { name: en('console.moderation.review.title_photo') });
  await expect(review.getByText(en('console.moderation.review.held'))).toBeVisible();
  // The moderator sees the photo itself, which nobody else may load yet.
  const shown = review.getByRole('img', { name: en('console.moderation.review.new_photo') });
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await panel.getByRole('button', { name: en('console.moderation.item.take') }).click();
  await expect(panel.getByRole('form', { name: en('console.moderation.decide.title') })).toBeVisible();
  return { item, panel, form: panel.getByRole('form', { name: en('console.moderation.decide.title') }) };
}

test('a new photo on a site that reviews before publication shows to others only once a moderator approves it', async ({
  browser,
}) => {
  // The three people are set up side by side: each takes seconds (an activation mail, a staff login).
  const [anna, bert, moderator] = await Promise.all([
    sparksMember(browser, 'Anneke'),
    sparksMember(browser, 'Bert'),
    adminConsole(browser),
  ]);
  const photo = await uploadPhoto(anna.page);

  await bert.page.goto(`/members/${anna.id}`);
  await expect(bert.page.getByRole('heading', { name: /Anneke/ })).toBeVisible();
  await expect(bert.page.locator(`img[src*="${photo.thumb_filename}"], img[src*="${photo.filename}"]`)).toHaveCount(0);
  expect(await mediaStatus(bert.page, photo.thumb_filename)).toBe(404);

  const { panel, form } = await takePhotoItem(moderator, anna.id);
  await expectNoAxeViolations(moderator, 'a photo under review and its decision form');
  await form.getByRole('radio', { name: en('console.moderation.actions.approve') }).check();
  await expect(form.getByLabel(en('console.moderation.decide.reason'))).toHaveCount(0);
  await form.getByRole('button', { name: en('console.moderation.decide.submit') }).click();
  await expect(panel.getByRole('status')).toContainText(/RV-/);

  await bert.page.reload();
  await expect(
    bert.page.locator(`img[src*="${photo.thumb_filename}"], img[src*="${photo.filename}"]`).first(),
  ).toBeVisible();
  expect(await mediaStatus(bert.page, photo.thumb_filename)).toBe(200);
  await anna.page.reload();
  await expect(
    anna.page
      .getByRole('region', { name: en('profile_edit.photos_title') })
      .getByText(en('profile_edit.photo_in_review')),
  ).toHaveCount(0);

  await Promise.all([moderator.context().close(), anna.page.context().close(), bert.page.context().close()]);
});

test('a moderator removes a photo waiting for review: it is never served, and the member is told why', async ({
  browser,
}) => {
  const [cora, moderator] = await Promise.all([sparksMember(browser, 'Cora'), adminConsole(browser)]);
  const photo = await uploadPhoto(cora.page);
  await expectNoAxeViolations(cora.page, 'the profile page with a photo waiting for review');

  // The site's settings say so, where an admin changes them.
  await moderator
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.sites.nav') })
    .click();
  await moderator.getByRole('link', { name: /Silver Sparks/ }).click();
  await expect(
    moderator
      .getByRole('form', { name: en('console.sites.form_label') })
      .getByLabel(en('console.sites.fields.profile_review')),
  ).toHaveValue('before');
  const { item, panel, form } = await takePhotoItem(moderator, cora.id);
  await form.getByRole('radio', { name: en('console.moderation.actions.remove_photo') }).check();
  await form
    .getByLabel(en('console.moderation.decide.reason'))
    .selectOption({ label: en('console.moderation.reasons.privacy') });
  await form.getByRole('button', { name: en('console.moderation.decide.submit') }).click();
  await expect(panel.getByRole('status')).toContainText(/RV-/);
  await expect(form).toBeHidden();

  await cora.page.reload();
  await expect(
    cora.page.getByRole('region', { name: en('profile_edit.photos_title') }).getByText(en('profile_edit.photos_none')),
  ).toBeVisible();
  expect(await mediaStatus(cora.page, photo.filename)).toBe(404);
  expect(await mediaStatus(cora.page, photo.thumb_filename)).toBe(404);

  const statement = await mailWithSubject(cora.page.request, cora.email, /A decision about your Silver Sparks account/);
  expect(statement.text).toContain('your profile photo was removed and is no longer shown to anyone.');
  expect(statement.text).toContain('our review of new profile photos');
  expect(item.kind).toBe('photo');

  await Promise.all([moderator.context().close(), cora.page.context().close()]);
});
