import type { APIRequestContext, Page } from '@playwright/test';
import { en, expect, test } from './fixtures';
import { activeMember, csrfHeaders, profileFromSearch, secondPage } from './members';

const UNKNOWN_ID = 987654321;

/** The first HTML of a page about a record that is not there: a real 404 with the not-found page in it. */
async function expectNotFoundPage(request: APIRequestContext, path: string): Promise<void> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(404);
  expect(await response.text(), path).toContain(en('errors.not_found', { path }));
}

/** GET calls to an API path the page makes from now on. */
function apiGets(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) calls.push(request.url());
  });
  return calls;
}

test('a visitor gets a 404 page in the first HTML for a member who is not there, and the page of one who is', async ({
  page,
  request,
  browser,
}) => {
  for (const path of [
    `/members/${UNKNOWN_ID}`,
    `/likes/m/${UNKNOWN_ID}`,
    `/members/${UNKNOWN_ID}/signup`,
    `/members/${UNKNOWN_ID}/landing`,
    `/members/${UNKNOWN_ID}/landing2/eng`,
    `/members/${UNKNOWN_ID}/landing3/eng`,
    '/members/not-a-number',
  ]) {
    await expectNotFoundPage(page.request, path);
  }

  // A member who deletes their account: their page was there, then is a 404.
  const leaver = await secondPage(browser);
  const leaverId = await activeMember(leaver, 'Leonie');
  const before = await page.request.get(`/members/${leaverId}`);
  expect(before.status()).toBe(200);
  expect(await before.text()).toContain('Leonie');
  const deleted = await leaver.request.post('/api/account_delete.php', {
    data: { password: 'a member password' },
    headers: await csrfHeaders(leaver),
  });
  expect(deleted.status()).toBe(200);
  await expectNotFoundPage(page.request, `/members/${leaverId}`);
  await expectNotFoundPage(page.request, `/members/${leaverId}/landing`);

  // A visible member is rendered on the server, and the browser does not read them again.
  const profile = await profileFromSearch(request, (card) => Boolean(card.country));
  const memberCalls = apiGets(page, '/api/member.php');
  // Once hydrated, the page asks for the rest of the catalogue; a visitor here may not search, so
  // no similar search goes out to mark that moment (issue 21).
  const hydrated = page.waitForRequest('**/_i18n/**');
  const response = await page.goto(`/members/${profile.id}`);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain(profile.name);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  // By the time the page has hydrated a second read would have gone out too.
  await hydrated;
  expect(memberCalls).toEqual([]);
});

test('a member gets a 404 page for someone who blocked them and for a conversation that is not theirs', async ({
  page,
  browser,
}) => {
  const adaId = await activeMember(page, 'Ada');
  const bert = await secondPage(browser);
  const bertId = await activeMember(bert, 'Bert');
  const cleo = await secondPage(browser);
  const cleoId = await activeMember(cleo, 'Cleo');

  const started = await bert.request.get(`/api/chat.php?profile=${cleoId}`, {
    headers: { 'x-rendezvous-client': 'e2e' },
  });
  expect(started.status()).toBe(200);
  const { id: conversation } = (await started.json()) as { id: number };

  // Bert's own conversation is rendered with its messages and his chat list, which the browser
  // does not read again.
  const messageCalls = apiGets(bert, '/api/messages.php');
  const listCalls = apiGets(bert, '/api/chats.php');
  expect((await bert.goto(`/chats/${conversation}`))?.status()).toBe(200);
  await expect(bert.getByRole('heading', { name: 'Cleo' })).toBeVisible();
  await bert.waitForLoadState('networkidle');
  expect(messageCalls).toEqual([]);
  expect(listCalls).toEqual([]);

  // Ada may not see it, nor a conversation that does not exist, nor a transaction that does not.
  await expectNotFoundPage(page.request, `/chats/${conversation}`);
  await expectNotFoundPage(page.request, `/chats/${UNKNOWN_ID}`);
  await expectNotFoundPage(page.request, `/transactions/${UNKNOWN_ID}`);
  await expectNotFoundPage(page.request, `/members/${UNKNOWN_ID}/chat`);

  // Bert's page is there for Ada until he blocks her; then it is a 404 like any unknown member.
  const visible = await page.request.get(`/members/${bertId}`);
  expect(visible.status()).toBe(200);
  expect(await visible.text()).toContain('Bert');
  const blocked = await bert.request.post('/api/block.php', {
    data: { profile: adaId },
    headers: await csrfHeaders(bert),
  });
  expect(blocked.status()).toBe(200);
  await expectNotFoundPage(page.request, `/members/${bertId}`);
  await expectNotFoundPage(page.request, `/likes/m/${bertId}`);
  await expectNotFoundPage(page.request, `/members/${bertId}/chat`);

  // And the not-found page is what Ada's browser shows on first paint.
  const opened = await page.goto(`/members/${bertId}`);
  expect(opened?.status()).toBe(404);
  await expect(page.getByText(en('errors.not_found', { path: `/members/${bertId}` }))).toBeVisible();
});
