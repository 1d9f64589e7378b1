import type { Page } from '@playwright/test';
import { en, expect, message, test } from './fixtures';
import { mailedLink } from './mail';
import { signUpConfirmed } from './members';

// The sign-up's push step is offered only where the service worker runs, as for members.
test.use({ serviceWorkers: 'allow' });

const UNKNOWN_ID = 987654321;
const PASSWORD = 'a safe password';

/** Skips every optional step after the account exists, up to the last one (spec §2 step 7). */
async function skipToConfirmStep(page: Page) {
  await page.getByRole('button', { name: en('signup.activation_continue') }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: en('signup.push_skip') }).click();
  await page.getByRole('button', { name: en('signup.photo_skip') }).click();
  await page.getByRole('button', { name: en('signup.location_skip') }).click();
  await page.getByRole('button', { name: en('signup.personal_skip') }).click();
  await page.getByRole('button', { name: en('signup.about_skip') }).click();
  await expect(page.getByRole('heading', { name: en('signup.confirm_title') })).toBeVisible();
}

test('a member lander is in the first HTML in the language of its slug, unknown members are a 404, and none is indexed', async ({
  request,
}) => {
  const unknown = await request.get(`/members/${UNKNOWN_ID}/landing2/eng`);
  expect(unknown.status()).toBe(404);

  const hedwig = await signUpConfirmed(request, 'Hedwig');
  const english = await request.get(`/members/${hedwig.id}/landing2/eng`);
  expect(english.status()).toBe(200);
  const html = await english.text();
  expect(html).toContain(en('member_lander.headline_name_only', { name: 'Hedwig' }));
  expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);

  // The slug names the campaign's language, whatever the browser asks for.
  const dutch = await request.get(`/members/${hedwig.id}/landing3/milf-nl/summer`);
  expect(await dutch.text()).toContain(message('nl', 'member_lander.headline_name_only').replace('{{name}}', 'Hedwig'));
  for (const path of ['signup', 'landing']) {
    expect(await (await request.get(`/members/${hedwig.id}/${path}`)).text()).toContain('noindex');
  }
});

test('a visitor signs up from a member lander and lands in the chat with that member', async ({ page, request }) => {
  const henrietta = await signUpConfirmed(request, 'Henrietta');
  await page.goto(`/members/${henrietta.id}/signup`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    en('member_lander.headline_name_only', { name: 'Henrietta' }),
  );
  await expect(
    page.getByRole('heading', { name: en('signup.title_with_profile', { name: 'Henrietta' }) }),
  ).toBeVisible();

  const email = `lander-${Date.now()}@example.test`;
  await page.getByLabel(en('signup.email')).fill(email);
  await page.getByLabel(en('signup.name')).fill('Gerrit');
  await page.getByRole('textbox', { name: en('signup.password'), exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en('signup.submit') }).click();
  await skipToConfirmStep(page);

  // Sending needs a confirmed address: the new member follows the mail's link, as from their inbox.
  const activation = await page.request.get(await mailedLink(page.request, email, /\/api\/activate\.php\?token=/));
  expect(activation.ok()).toBe(true);

  await page.getByRole('link', { name: en('member_page.chat', { name: 'Henrietta' }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Henrietta' })).toBeVisible();
});

test('the spotlight lander opens the sign-up from its call, and a member gets the chat link instead', async ({
  page,
  request,
}) => {
  const ilse = await signUpConfirmed(request, 'Ilse');
  await page.goto(`/members/${ilse.id}/landing3/eng`);
  await page.getByRole('button', { name: en('member_lander.call_to_chat', { name: 'Ilse' }) }).click();
  const dialog = page.getByRole('dialog', { name: en('signup.title_with_profile', { name: 'Ilse' }) });
  await expect(dialog.getByLabel(en('signup.email'))).toBeVisible();
  await page.keyboard.press('Escape');

  await signUpConfirmed(page.request, 'Jacob');
  await page.goto(`/members/${ilse.id}/landing2/eng`);
  await expect(page.getByLabel(en('signup.email'))).toHaveCount(0);
  await page.getByRole('link', { name: en('member_page.chat', { name: 'Ilse' }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ilse' })).toBeVisible();
});
