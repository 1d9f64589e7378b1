import { expect, message, rootClasses, test } from './fixtures';
import { MEMBER_PASSWORD, signUpConfirmed } from './members';
import { PORT } from './playwright.config';

test('a member logs in from a protected page, lands back on it, and logs out', async ({ page, request }) => {
  const { email } = await signUpConfirmed(request, 'Pieter');
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);

  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByLabel(message('en', 'login.password')).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();

  await expect(page).toHaveURL(/\/members$/);
  await expect.poll(() => rootClasses(page)).toContain('logged-in');

  await page.getByRole('button', { name: message('en', 'nav.menu') }).click();
  await page.getByRole('button', { name: message('en', 'nav.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => rootClasses(page)).not.toContain('logged-in');

  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a wrong password gets one plain message and the form stays usable', async ({ page, request }) => {
  const { email } = await signUpConfirmed(request, 'Pieter');
  await page.goto('/login');
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByLabel(message('en', 'login.password')).fill('not-the-password');
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(message('en', 'login.failed'));
  await expect(page.getByRole('button', { name: message('en', 'login.submit') })).toBeEnabled();
});

test('empty fields are marked next to the field, in the visitor language', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'nl', url: `http://localhost:${PORT}` }]);
  await page.goto('/login');
  await page.getByRole('button', { name: message('nl', 'login.submit') }).click();
  // Each message names its field (issue 21).
  await expect(page.getByText(message('nl', 'validation.fields.email.required'))).toBeVisible();
  await expect(page.getByText(message('nl', 'validation.fields.password.required'))).toBeVisible();
  await expect(page.getByLabel(message('nl', 'login.email'))).toHaveAttribute('aria-invalid', 'true');
});

test('an open redirect is refused: login stays on this site', async ({ page, request }) => {
  const { email } = await signUpConfirmed(request, 'Pieter');
  await page.goto('/login?redirect=//evil.example/steal');
  await page.getByLabel(message('en', 'login.email')).fill(email);
  await page.getByLabel(message('en', 'login.password')).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: message('en', 'login.submit') }).click();
  await expect(page).toHaveURL(`http://localhost:${PORT}/members`);
});
