import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, message, test } from './fixtures';
import { mailedLink } from './mail';

const en = (key: string, count: number) => message('en', key).replaceAll('{{count}}', String(count));

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'rv_csrf')?.value ?? '';
}

/** A fresh, confirmed member of their own, so the counts start at zero. */
async function activeMember(page: Page, name: string): Promise<number> {
  const email = `badge-${name.toLowerCase()}-${Date.now()}-${crypto.randomInt(1e6)}@example.test`;
  await page.goto('/');
  const signup = await page.request.post('/api/user.php?new=1', {
    data: { email, name, password: 'badge password here', language: 'en' },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(signup.status()).toBe(200);
  await page.goto(await mailedLink(page.request, email, /\/api\/activate/));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const user = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  return user.profile.id;
}

/** The other member in a context of their own, from an address of their own (the per-IP limits). */
async function secondPage(browser: Browser): Promise<Page> {
  const [a, b, c] = crypto.randomBytes(3);
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  return context.newPage();
}

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
  const headers = { 'x-csrf-token': await csrf(page) };
  expect(
    (await page.request.post('/api/messages.php', { data: { conversation, body: 'Hello Gerrit' }, headers })).status(),
  ).toBe(200);
  // Well inside the 60 s polling interval: only the live event can bring it this soon.
  await expect(other).toHaveTitle(/^\(1\) /, { timeout: 10_000 });
  await other.getByRole('button', { name: message('en', 'nav.menu') }).click();
  const nav = other.getByRole('navigation', { name: message('en', 'nav.label') });
  await expect(nav.getByRole('link', { name: new RegExp(en('nav.unread_messages', 1)) })).toBeVisible();

  expect((await page.request.post('/api/likes.php', { data: { profile: otherId }, headers })).status()).toBe(200);
  await expect(other).toHaveTitle(/^\(2\) /, { timeout: 10_000 });
  await expect(nav.getByRole('link', { name: new RegExp(en('nav.new_likes', 1)) })).toBeVisible();
  await other.context().close();
});
