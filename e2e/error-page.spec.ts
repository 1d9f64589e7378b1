import { en, expect, test } from './fixtures';
import { activeMember } from './members';

test('a member who opens a dead link sees the error with members to browse on, without actions, and opens one', async ({
  page,
}) => {
  await activeMember(page, 'Anna');
  const path = '/no-such-page-for-members';
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: en('errors.title') })).toBeVisible();
  await expect(page.getByText(en('errors.not_found', { path }))).toBeVisible();
  // The member keeps the header, and is not asked to sign up.
  await expect(page.getByRole('button', { name: en('nav.menu') })).toBeVisible();
  await expect(page.getByRole('heading', { name: en('errors.signup_for_free') })).toHaveCount(0);

  const members = page.getByRole('list', { name: en('errors.members_title') });
  await expect(members.getByRole('article').first()).toBeVisible();
  // Spec §2: members without actions, so no like or chat buttons on the cards.
  await expect(members.getByRole('button')).toHaveCount(0);

  const card = members.getByRole('link').first();
  const name = (await card.locator('span[translate="no"]').textContent()) ?? '';
  expect(name).not.toBe('');
  await card.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});
