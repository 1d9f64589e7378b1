import { en, expect, test } from './fixtures';
import { activeMember } from './members';

test('a member installs the app from the menu when the browser offers it, and never before', async ({ page }) => {
  await activeMember(page, 'Ines');
  await page.goto('/profile');
  await page.getByRole('button', { name: en('nav.menu') }).click();
  const install = page.getByRole('button', { name: en('install.button') });
  await expect(page.getByRole('button', { name: en('nav.logout') })).toBeVisible();
  await expect(install).toHaveCount(0);

  // What Chromium fires once the site meets its install criteria; its dialog is the browser's own.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void document.documentElement.setAttribute('data-install-asked', 'yes'),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await install.click();
  await expect(page.locator('html')).toHaveAttribute('data-install-asked', 'yes');
  await expect(install).toHaveCount(0);
});
