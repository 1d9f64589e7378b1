import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { en, expect, test } from './fixtures';
import { activeMember, chatWithoutCredits, secondPage, signUpConfirmed } from './members';

// The worker answers the offline page; each test is its own browser context, so its worker is its own.
test.use({ serviceWorkers: 'allow' });

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: en('chats.message_label', { name }) });
const messages = (page: Page, name: string) => page.getByRole('list', { name: en('chats.messages_label', { name }) });

async function workerActivated(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The owner and conversations this device keeps for offline use, read as the offline page reads them. */
function keptOnDevice(page: Page): Promise<{ owner: unknown; keys: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('rendezvous-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('snapshot');
          const store = transaction.objectStore('snapshot');
          const keys = store.getAllKeys();
          const owner = store.get('owner');
          transaction.oncomplete = () => {
            resolve({ owner: owner.result, keys: keys.result.map(String) });
            open.result.close();
          };
        };
      }),
  );
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/credits.php')).json()) as { balance: number }).balance;
}

async function messagesIn(request: APIRequestContext, conversation: number): Promise<string[]> {
  const response = await request.get(`/api/messages.php?conversation=${conversation}`);
  return ((await response.json()) as { messages: { body: string }[] }).messages.map((message) => message.body);
}

/** A member on `page` who wrote to another member once, online; returns the conversation and that member. */
async function chatOnline(page: Page, browser: Parameters<typeof secondPage>[0], me: string, them: string) {
  const myId = await activeMember(page, me);
  const other = await secondPage(browser);
  const theirId = await activeMember(other, them);
  await page.goto(`/members/${theirId}`);
  await page.getByRole('link', { name: en('member_page.chat', { name: them }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversation = Number(new URL(page.url()).pathname.split('/').pop());
  await composer(page, them).fill(`Hello ${them}`);
  await composer(page, them).press('Enter');
  await expect(messages(page, them).getByText(`Hello ${them}`)).toBeVisible();
  await keptAfterVisit(page, conversation, them);
  return { myId, other, conversation };
}

/** Once the worker is ready, opens the chat list, after which it and the conversation are on this device. */
async function keptAfterVisit(page: Page, conversation: number, them: string) {
  await workerActivated(page);
  await page.goto('/chats');
  await expect(page.getByRole('link', { name: new RegExp(them) })).toBeVisible();
  await expect
    .poll(async () => (await keptOnDevice(page)).keys)
    .toEqual(expect.arrayContaining(['owner', 'profile', 'chats', `conversation:${conversation}`]));
}

test('offline, the member sees their kept chats, and a message written then is sent exactly once when back online', async ({
  page,
  context,
  browser,
}) => {
  const { other, conversation } = await chatOnline(page, browser, 'Olivia', 'Pieter');
  const balanceBefore = await balanceOf(page.request);

  await context.setOffline(true);
  const response = await page.goto('/chats');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: en('offline.title') })).toBeVisible();
  await expect(page.getByText(en('offline.saved'))).toBeVisible();
  const profile = page.getByRole('region', { name: en('offline.profile_title') });
  await expect(profile.getByText('Olivia')).toBeVisible();
  const chats = page.getByRole('region', { name: en('offline.chats_title') });
  await chats.getByText('Pieter', { exact: true }).click();
  const kept = chats.getByRole('list', { name: en('chats.messages_label', { name: 'Pieter' }) });
  await expect(kept.getByText('Hello Pieter')).toBeVisible();

  await chats.getByRole('textbox', { name: en('offline.write_label', { name: 'Pieter' }) }).fill('Written offline');
  await chats.getByRole('button', { name: en('offline.send') }).click();
  await expect(kept.getByText('Written offline')).toBeVisible();
  await expect(kept.getByText(en('offline.waiting'), { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the offline page with kept chats');

  // Back online, the page opens the app, which sends what waited.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: en('offline.title') })).toHaveCount(0);
  await expect.poll(() => messagesIn(other.request, conversation)).toEqual(['Hello Pieter', 'Written offline']);
  const { message_cost: cost } = (await (await page.request.get('/api/credits.php')).json()) as {
    message_cost: { credits: number };
  };
  expect(await balanceOf(page.request)).toBe(balanceBefore - cost.credits);

  // Opening the app again (another tab, a reload) sends nothing more.
  await page.goto(`/chats/${conversation}`);
  await expect(messages(page, 'Pieter').getByText('Written offline')).toHaveCount(1);
  await expect(page.getByText(en('chats.waiting_to_send'))).toHaveCount(0);
  expect(await messagesIn(other.request, conversation)).toEqual(['Hello Pieter', 'Written offline']);
  expect(await balanceOf(page.request)).toBe(balanceBefore - cost.credits);
  await other.context().close();
});

test('a message written in the open app without a network waits, then goes out once', async ({
  page,
  context,
  browser,
}) => {
  const { other, conversation } = await chatOnline(page, browser, 'Quirine', 'Ruud');
  await page.goto(`/chats/${conversation}`);
  await expect(messages(page, 'Ruud').getByText('Hello Ruud')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: en('offline.banner') })).toBeVisible();
  await composer(page, 'Ruud').fill('Sent while offline');
  await composer(page, 'Ruud').press('Enter');
  const waiting = messages(page, 'Ruud').getByRole('listitem').filter({ hasText: 'Sent while offline' });
  await expect(waiting).toContainText(en('chats.waiting_to_send'));
  await expect(composer(page, 'Ruud')).toHaveValue('');

  const { balance, message_cost: cost } = (await (await page.request.get('/api/credits.php')).json()) as {
    balance: number;
    message_cost: { credits: number };
  };
  await context.setOffline(false);
  await expect(messages(page, 'Ruud').getByText(en('chats.waiting_to_send'))).toHaveCount(0);
  // The balance under the composer counts the message the outbox sent.
  await expect(
    page.getByRole('link', { name: en('credits.balance_short', { balance: balance - cost.credits }) }),
  ).toBeVisible();
  await expect(messages(page, 'Ruud').getByText('Sent while offline')).toHaveCount(1);
  await expect.poll(() => messagesIn(other.request, conversation)).toEqual(['Hello Ruud', 'Sent while offline']);
  await other.context().close();
});

test('another member on the same phone never sees the first member’s kept chats', async ({
  page,
  context,
  browser,
}) => {
  const { other } = await chatOnline(page, browser, 'Sanne', 'Thijs');
  await other.context().close();

  // Someone else logs in on this browser and opens the app, without the first one having logged out.
  await context.clearCookies();
  const next = await signUpConfirmed(page.request, 'Ursula');
  await page.goto('/');
  await expect.poll(async () => (await keptOnDevice(page)).owner).toBe(next.id);

  await context.setOffline(true);
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1, name: en('offline.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: en('offline.profile_title') }).getByText('Ursula')).toBeVisible();
  await expect(page.getByText('Thijs')).toHaveCount(0);
  await expect(page.getByText('Sanne')).toHaveCount(0);
});

test('a message written offline that the server refuses is marked not sent, with the reason', async ({
  page,
  context,
  browser,
}) => {
  const path = await chatWithoutCredits(page, browser, 'Vera', 'Willem');
  const conversation = Number(path.split('/').pop());
  await page.goto(path);
  await keptAfterVisit(page, conversation, 'Willem');

  await context.setOffline(true);
  await page.goto('/chats');
  const chats = page.getByRole('region', { name: en('offline.chats_title') });
  await chats.getByText('Willem', { exact: true }).click();
  await chats.getByRole('textbox', { name: en('offline.write_label', { name: 'Willem' }) }).fill('No credits left');
  await chats.getByRole('button', { name: en('offline.send') }).click();
  await expect(chats.getByText(en('offline.waiting'), { exact: false })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: en('offline.title') })).toHaveCount(0);
  await page.goto(path);
  const refused = messages(page, 'Willem').getByRole('listitem').filter({ hasText: 'No credits left' });
  const reason = en('chats.not_sent', { reason: en('chats.not_sent_reason.insufficient_credits') });
  await expect(refused).toContainText(reason);
  await refused.getByRole('button', { name: en('chats.discard') }).click();
  await expect(messages(page, 'Willem').getByText('No credits left')).toHaveCount(0);
  await page.reload();
  await expect(messages(page, 'Willem')).toBeVisible();
  await expect(messages(page, 'Willem').getByText('No credits left')).toHaveCount(0);
});

test('logging out empties what the device kept', async ({ page, browser }) => {
  const { other } = await chatOnline(page, browser, 'Xandra', 'Youri');
  await other.context().close();
  await page.getByRole('button', { name: en('nav.menu') }).click();
  await page.getByRole('button', { name: en('nav.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptOnDevice(page)).toEqual({ owner: undefined, keys: [] });
});
