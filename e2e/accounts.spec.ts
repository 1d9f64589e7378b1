import type { Page } from '@playwright/test';
import { expect, message, test } from './fixtures';

async function signUpByApi(page: Page, email: string, password: string) {
  await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'rv_csrf')?.value ?? '';
  const response = await page.request.post('/api/user.php?new=1', {
    data: { email, name: 'Hanneke', password, language: 'en' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(response.status()).toBe(200);
}

/**
 * Opens the newest mail to this address in the development mailbox and follows its
 * link. Mail is written just after the call that sends it answers, so look again until it is there.
 */
async function followMailedLink(page: Page, to: string, expectedPath: RegExp) {
  await expect(async () => {
    await page.goto('/_dev/mailbox');
    await page
      .getByRole('listitem')
      .filter({ hasText: to })
      .first()
      .getByRole('button', { name: message('en', 'dev.mailbox_open') })
      .click({ timeout: 1000 });
    await page.getByRole('article').getByRole('link').first().click({ timeout: 1000 });
    await expect(page).toHaveURL(expectedPath, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test('the activation mail confirms the address', async ({ page }) => {
  const email = `activate-${Date.now()}@example.test`;
  await signUpByApi(page, email, 'first password here');
  await followMailedLink(page, email, /\/activate\/done$/);
  await expect(page.getByRole('heading', { name: message('en', 'activate.done_title') })).toBeVisible();

  await followMailedLink(page, email, /\/activate\/error$/);
});

test('a member resets a forgotten password from the mail and logs in with it', async ({ page, context }) => {
  const email = `reset-${Date.now()}@example.test`;
  await signUpByApi(page, email, 'first password here');
  await context.clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: message('en', 'login.forgot_password') }).click();
  await expect(page.getByRole('heading', { name: message('en', 'reset.title') })).toBeVisible();
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByRole('button', { name: message('en', 'reset.submit') }).click();
  await expect(page.getByRole('status')).toContainText(email);

  // The newest mail to this address is the reset mail; the activation mail came first.
  await followMailedLink(page, email, /\/reset-password\/do\?token=/);
  await page.getByRole('textbox', { name: message('en', 'reset.new_password'), exact: true }).fill('my new password');
  await page.getByRole('button', { name: message('en', 'reset.save_password') }).click();
  await expect(page).toHaveURL(/\/members$/);

  await context.clearCookies();
  await page.goto('/login');
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByLabel(message('en', 'login.password')).fill('my new password');
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('a member deletes the account after the parting offer and can no longer log in', async ({ page }) => {
  const email = `leaving-${Date.now()}@example.test`;
  await signUpByApi(page, email, 'first password here');

  await page.goto('/profile');
  await page.getByRole('button', { name: message('en', 'profile.delete_button') }).click();
  const offer = page.getByRole('dialog', { name: message('en', 'delete.offer_title') });
  await expect(offer).toContainText(message('en', 'delete.offer_text').replace('{{discount}}', '50'));
  await offer.getByRole('button', { name: message('en', 'delete.continue') }).click();

  const confirm = page.getByRole('dialog', { name: message('en', 'delete.confirm_title') });
  await confirm.getByRole('textbox', { name: message('en', 'delete.password'), exact: true }).fill('wrong password');
  await confirm.getByRole('button', { name: message('en', 'delete.submit') }).click();
  await expect(confirm.getByText(message('en', 'validation.password_wrong'))).toBeVisible();

  await confirm
    .getByRole('textbox', { name: message('en', 'delete.password'), exact: true })
    .fill('first password here');
  await confirm.getByRole('button', { name: message('en', 'delete.submit') }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: message('en', 'account_deleted.title') })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByLabel(message('en', 'login.password')).fill('first password here');
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(message('en', 'login.failed'));
});
