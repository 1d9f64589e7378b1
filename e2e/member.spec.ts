import { expect, message, rootClasses, test } from './fixtures';
import { activeMember } from './members';

test.beforeEach(async ({ page }) => {
  await activeMember(page, 'Anna');
});

test('a logged-in member passes the guard and carries the logged-in class', async ({ page }) => {
  await page.goto('/members');
  await expect(page).toHaveURL(/\/members$/);
  expect(await rootClasses(page)).toEqual(expect.arrayContaining(['classic', 'members', 'logged-in']));
  await expect(page.getByRole('heading', { name: message('en', 'search.title'), exact: true })).toBeVisible();
});

test('the error page keeps the header for members and does not invite them to sign up', async ({ page }) => {
  const response = await page.goto('/members/1/nothing/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: message('en', 'nav.label') })).toBeAttached();
  await expect(page.getByRole('heading', { name: message('en', 'errors.signup_for_free') })).toHaveCount(0);
});

test('the home page greets the member by name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(message('en', 'home.welcome_back').replace('{{name}}', 'Anna'))).toBeVisible();
});
