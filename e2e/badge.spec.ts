import { en, expect, test } from './fixtures';
import { activeMember, csrfToken, secondPage } from './members';

test('a message and a like reach the title and the header counts live, without polling or reloading', async ({
  page,
  browser,
}) => {
  await activeMember(page, 'Wilhelmina');
  const other = await secondPage(browser);
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
  const headers = { 'x-csrf-token': await csrfToken(page) };
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
  await other.context().close();
});
