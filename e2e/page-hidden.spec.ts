import { expect, test } from './fixtures';
import { activeMember } from './members';

test('a member page tells the server when it is hidden, with a beacon the server accepts', async ({ page }) => {
  await activeMember(page, 'Hilde');
  // The beacon comes with the member's services, which load after the page; the badge's first poll,
  // a second after they start, shows they are listening.
  const polled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/likes.php');
  await page.goto('/chats');
  await polled;

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
