import type { Page } from '@playwright/test';
import { en, expect, test } from './fixtures';
import { activeMember, csrfHeaders, secondPage } from './members';

declare global {
  interface Window {
    /** What the page put on the app icon, in order (0 for cleared). */
    appBadges: number[];
  }
}

/** Records the app badge calls: headless Chromium has the calls but no icon to show. */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    window.appBadges = [];
    navigator.setAppBadge = async (count?: number) => void window.appBadges.push(count ?? 0);
    navigator.clearAppBadge = async () => void window.appBadges.push(0);
  });
}

const lastAppBadge = (page: Page) => page.evaluate(() => window.appBadges.at(-1));

test('a message and a like reach the title, the header counts and the app badge live, and opening them clears them', async ({
  page,
  browser,
}) => {
  const wilhelminaId = await activeMember(page, 'Wilhelmina');
  const other = await secondPage(browser);
  await recordAppBadge(other);
  const otherId = await activeMember(other, 'Gerrit');

  // Gerrit browses; the page stays open, never reloaded.
  await other.goto('/members');
  await expect(other).toHaveTitle(/^(?!\(\d+\) )/);

  // Wilhelmina writes to him and likes him, through the calls her pages make.
  const started = await page.request.get(`/api/chat.php?profile=${otherId}`, {
    headers: { 'x-rendezvous-client': 'e2e' },
  });
  expect(started.status()).toBe(200);
  const { id: conversation } = (await started.json()) as { id: number };
  const headers = await csrfHeaders(page);
  expect(
    (await page.request.post('/api/messages.php', { data: { conversation, body: 'Hello Gerrit' }, headers })).status(),
  ).toBe(200);
  // Well inside the 60 s polling interval: only the live event can bring it this soon.
  await expect(other).toHaveTitle(/^\(1\) /, { timeout: 10_000 });
  await other.getByRole('button', { name: en('nav.menu') }).click();
  const nav = other.getByRole('navigation', { name: en('nav.label') });
  await expect(nav.getByRole('link', { name: new RegExp(en('nav.unread_messages', { count: 1 })) })).toBeVisible();

  expect((await page.request.post('/api/likes.php', { data: { profile: otherId }, headers })).status()).toBe(200);
  await expect(other).toHaveTitle(/^\(2\) /, { timeout: 10_000 });
  await expect(nav.getByRole('link', { name: new RegExp(en('nav.new_likes', { count: 1 })) })).toBeVisible();
  await expect.poll(() => lastAppBadge(other)).toBe(2);

  // Opening the conversation reads the message; opening her profile from the likes sees the like.
  await other.goto(`/chats/${conversation}`);
  const messages = other.getByRole('list', { name: en('chats.messages_label', { name: 'Wilhelmina' }) });
  await expect(messages.getByText('Hello Gerrit')).toBeVisible();
  await expect(other).toHaveTitle(/^\(1\) /);
  await expect.poll(() => lastAppBadge(other)).toBe(1);
  await other.goto(`/likes/m/${wilhelminaId}`);
  await expect(other.getByRole('heading', { name: 'Wilhelmina' })).toBeVisible();
  await expect(other).toHaveTitle(/^(?!\(\d+\) )/);
  await expect.poll(() => lastAppBadge(other)).toBe(0);
  await other.context().close();
});
