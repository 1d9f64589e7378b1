import type { Page } from '@playwright/test';
import { expect, message, rootClasses, test } from './fixtures';
import { mailedLink } from './mail';
import { signUpUnconfirmed } from './members';

/** Follows the link in the newest mail to this address that the test SMTP server received. */
async function followMailedLink(page: Page, to: string, expectedPath: RegExp) {
  await page.goto(await mailedLink(page.request, to, expectedPath));
  await expect(page).toHaveURL(expectedPath);
}

test('an unconfirmed member is reminded, can have the mail again, and its link confirms the address', async ({
  page,
}) => {
  const email = `activate-${Date.now()}@example.test`;
  await signUpUnconfirmed(page, { email, name: 'Hanneke', password: 'first password here' });
  const firstLink = await mailedLink(page.request, email, /\/api\/activate/);

  await page.goto('/profile');
  const reminder = page.getByRole('region', { name: message('en', 'activate_reminder.title') });
  await expect(reminder).toContainText(email);
  await reminder.getByRole('button', { name: message('en', 'activate_reminder.resend') }).click();
  await expect(reminder.getByRole('status')).toHaveText(message('en', 'activate_reminder.resent'));

  let link = firstLink;
  await expect(async () => {
    link = await mailedLink(page.request, email, /\/api\/activate/);
    expect(link).not.toBe(firstLink);
  }).toPass();
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: message('en', 'activate.done_title') })).toBeVisible();

  // The link works once, and the reminder is gone.
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/error$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: message('en', 'profile.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: message('en', 'activate_reminder.title') })).toHaveCount(0);
});

test('a member resets a forgotten password from the mail and logs in with it', async ({ page, context }) => {
  const email = `reset-${Date.now()}@example.test`;
  await signUpUnconfirmed(page, { email, name: 'Hanneke', password: 'first password here' });
  await context.clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: message('en', 'login.forgot_password') }).click();
  await expect(page.getByRole('heading', { name: message('en', 'reset.title') })).toBeVisible();
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByRole('button', { name: message('en', 'reset.submit') }).click();
  await expect(page.getByRole('status')).toContainText(email);

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
  await signUpUnconfirmed(page, { email, name: 'Hanneke', password: 'first password here' });

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

test('a member changes the e-mail address, and the old mailbox can undo it and lock the account again', async ({
  page,
}) => {
  const stamp = Date.now();
  const oldEmail = `before-${stamp}@example.test`;
  const newEmail = `after-${stamp}@example.test`;
  await signUpUnconfirmed(page, { email: oldEmail, name: 'Hanneke', password: 'first password here' });

  await page.goto('/profile');
  await page.getByLabel(message('en', 'email_change.new_email')).fill(newEmail);
  await page
    .getByRole('textbox', { name: message('en', 'email_change.password'), exact: true })
    .fill('first password here');
  await page.getByRole('button', { name: message('en', 'email_change.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();

  await followMailedLink(page, newEmail, /\/mail-change\/do\?token=/);
  await page.getByRole('button', { name: message('en', 'email_change.do_submit') }).click();
  const done = message('en', 'email_change.done').replace('{{email}}', newEmail);
  await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();

  // The link proved the new address, so the account no longer waits for activation.
  await page.goto('/profile');
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByRole('region', { name: message('en', 'activate_reminder.title') })).toHaveCount(0);

  // The old mailbox is told. Opening its link only shows a page, since mail scanners open links
  // too; a link from a notice sent before the page existed opens the same page.
  const undoLink = new URL(await mailedLink(page.request, oldEmail, /\/mail-change\/do\?undo=1&token=/));
  await page.goto(`/api/email_change_undo.php?token=${encodeURIComponent(undoLink.searchParams.get('token') ?? '')}`);
  await expect(page).toHaveURL(`${undoLink.pathname}${undoLink.search}`);
  await page.goto(undoLink.href);
  await expect(page.getByRole('heading', { name: message('en', 'email_change.undo_title') })).toBeVisible();
  expect((await (await page.request.get('/api/user.php')).json()).email).toBe(newEmail);

  // The member says it was not them: the address comes back, every session ends, and the page
  // explains that and asks for a new password straight away.
  await page.getByRole('button', { name: message('en', 'email_change.undo_submit') }).click();
  await expect(page).toHaveURL(/\/reset-password\/do\?token=[^&]+&reason=email-change-incorrect$/);
  await expect(page.getByRole('status').filter({ hasText: message('en', 'reset.email_change_undone') })).toBeVisible();
  await expect.poll(() => rootClasses(page)).not.toContain('logged-in');
  await page
    .getByRole('textbox', { name: message('en', 'reset.new_password'), exact: true })
    .fill('only mine from now');
  await page.getByRole('button', { name: message('en', 'reset.save_password') }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect.poll(() => rootClasses(page)).toContain('logged-in');
  expect((await (await page.request.get('/api/user.php')).json()).email).toBe(oldEmail);

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel(message('en', 'login.email')).fill(oldEmail);
  await page.getByLabel(message('en', 'login.password')).fill('first password here');
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(message('en', 'login.failed'));
});

test('a failed logout still shows the login page, logged out', async ({ page }) => {
  await signUpUnconfirmed(page, {
    email: `stuck-${Date.now()}@example.test`,
    name: 'Hanneke',
    password: 'first password here',
  });
  await page.goto('/profile');
  await page.route('**/api/logout.php', (route) => route.abort('connectionfailed'));

  await page.getByRole('button', { name: message('en', 'nav.menu') }).click();
  await page.getByRole('button', { name: message('en', 'nav.logout') }).click();
  await expect(page.getByRole('heading', { name: message('en', 'login.title') })).toBeVisible();
  await expect.poll(() => rootClasses(page)).not.toContain('logged-in');
});
