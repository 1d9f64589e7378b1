import { en, expect, test } from './fixtures';
import { activeMember } from './members';

// Push needs the service worker.
test.use({ serviceWorkers: 'allow' });

test('a member who skipped push at sign-up is offered it on the member list, and "not now" keeps it away', async ({
  page,
}) => {
  // Signed up through the API, so the sign-up's push step never asked.
  await activeMember(page, 'Ria');
  await page.goto('/members');
  const prompt = page.getByRole('region', { name: en('push.prompt_title') });
  await expect(page.locator('.profile-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // It waits for the member to start using the page, not over the first screen.
  await expect(prompt).toHaveCount(0);
  await page.mouse.wheel(0, 300);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: en('push.turn_on') })).toBeVisible();

  // Keyboard reachable: focus the first action and move on to "not now".
  await prompt.getByRole('button', { name: en('push.turn_on') }).focus();
  await page.keyboard.press('Tab');
  await expect(prompt.getByRole('button', { name: en('push.prompt_dismiss') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.profile-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 300);
  await expect(prompt).toHaveCount(0);
});
