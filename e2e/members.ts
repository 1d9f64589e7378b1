import crypto from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER, type ProfileCard } from '@rendezvous/contract';
import { en, expect } from './fixtures';
import { mailedLink } from './mail';

/** The header our pages send on every state-changing call, echoing the CSRF cookie the server handed out. */
export async function csrfHeaders(from: Page | APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = 'context' in from ? await from.context().storageState() : await from.storageState();
  return { [CSRF_HEADER]: cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '' };
}

export const MEMBER_PASSWORD = 'a member password';

/** A 1×1 PNG to upload: the server re-encodes whatever it gets into a main size and a thumbnail. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs up through the API after the home page handed out its cookies, leaving the address unconfirmed. */
export async function signUpUnconfirmed(page: Page, member: { email: string; name: string; password: string }) {
  await page.goto('/');
  const response = await page.request.post('/api/user.php?new=1', {
    data: { ...member, language: 'en' },
    headers: await csrfHeaders(page),
  });
  expect(response.status()).toBe(200);
}

export interface NewMember {
  id: number;
  email: string;
  name: string;
}

/**
 * Signs up and confirms a new member through the API, leaving `request`'s cookie jar logged in.
 * Every test gets members of its own: a shared demo login collects one test's likes, saved searches
 * and failed logins for the next, and its per-account limits for a whole run. Set-up makes no page
 * loads, which are what the tests themselves are about.
 */
export async function signUpConfirmed(request: APIRequestContext, name: string): Promise<NewMember> {
  const email = `${name.toLowerCase()}-${Date.now()}-${crypto.randomInt(1e6)}@example.test`;
  // The first call, refused for a visitor, hands out the CSRF cookie.
  expect((await request.get('/api/user.php')).status()).toBe(403);
  const signup = await request.post('/api/user.php?new=1', {
    data: { email, name, password: MEMBER_PASSWORD, language: 'en' },
    headers: await csrfHeaders(request),
  });
  expect(signup.status()).toBe(200);
  const activation = await request.get(await mailedLink(request, email, /\/api\/activate/), { maxRedirects: 0 });
  expect(activation.headers()['location']).toMatch(/\/activate\/done$/);
  const user = (await (await request.get('/api/user.php')).json()) as {
    email_confirmed: boolean;
    profile: { id: number };
  };
  expect(user.email_confirmed).toBe(true);
  return { id: user.profile.id, email, name };
}

/** A fresh, confirmed member logged in on `page` (unconfirmed members are hidden from others); returns the id. */
export async function activeMember(page: Page, name: string): Promise<number> {
  return (await signUpConfirmed(page.request, name)).id;
}

/**
 * A demo profile from the first search page that matches, found by a new member of its own in
 * `request`'s cookie jar (visitors cannot search; the page under test stays logged out).
 */
export async function profileFromSearch(
  request: APIRequestContext,
  matches: (profile: ProfileCard) => boolean = () => true,
): Promise<ProfileCard> {
  await signUpConfirmed(request, 'Anna');
  const search = await request.get('/api/search.php?auto_load=1');
  expect(search.status()).toBe(200);
  const { profiles } = (await search.json()) as { profiles: ProfileCard[] };
  const profile = profiles.find(matches);
  if (!profile) throw new Error('The demo data has no such member on the first search page');
  return profile;
}

/** A second person in a phone-sized browser context of their own, from an address of their own (the per-IP limits). */
export async function secondPage(browser: Browser): Promise<Page> {
  const [a, b, c] = crypto.randomBytes(3);
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  return context.newPage();
}

/**
 * A new member on `page` in a conversation with another new member, opened from that member's
 * page, with the welcome credits spent through the API until the server refuses a message; the
 * conversation's path. Reload to show the spent balance.
 */
export async function chatWithoutCredits(page: Page, browser: Browser, me: string, them: string): Promise<string> {
  await activeMember(page, me);
  const other = await secondPage(browser);
  const theirId = await activeMember(other, them);
  await other.context().close();

  await page.goto(`/members/${theirId}`);
  await page.getByRole('link', { name: en('member_page.chat', { name: them }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const conversationPath = new URL(page.url()).pathname;
  const conversation = Number(conversationPath.split('/').pop());

  let status = 200;
  for (let sent = 0; status === 200 && sent < 50; sent += 1) {
    const response = await page.request.post('/api/messages.php', {
      data: { conversation, body: `Message ${sent}` },
      headers: await csrfHeaders(page),
    });
    status = response.status();
  }
  expect(status).toBe(402);
  return conversationPath;
}

/** Visible text that did not come through translation: under the pseudo-locale every message reads [[key]]. */
export async function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      // A textarea's text is its value: what the member wrote, not the page's.
      if (!text || !element || element.closest('script, style, textarea, [translate="no"]')) continue;
      if (!element.checkVisibility()) continue;
      // Punctuation, digits and symbols need no translation; words must come as [[key]].
      const words = text.replace(/\[\[[\w.-]+\]\]/g, '').replace(/[\p{P}\p{S}\p{N}\s]/gu, '');
      if (words) found.push(text);
    }
    return found;
  });
}
