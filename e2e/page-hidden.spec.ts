import { expect, test } from './fixtures';
import { activeMember } from './members';

test('a member page tells the server when it is hidden, with a beacon the server accepts', async ({ page }) => {
  await activeMember(page, 'Hilde');
  // The rest of the catalogue is asked for once the page has hydrated and gone idle, so the page's
  // listeners are in place by then.
  const catalogue = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/_i18n/'));
  await page.goto('/chats');
  await catalogue;

  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/page-hidden.php');
  // What switching to another tab does to the page.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const response = await beacon;
  expect(response.request().method()).toBe('POST');
  // 204 only for the spec's empty JSON from our own page: another body is a 400, no same-origin mark a 403.
  expect(response.status()).toBe(204);
});
