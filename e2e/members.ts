import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { mailedLink } from './mail';

/** The CSRF token our pages echo on every state-changing call. */
export async function csrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'rv_csrf')?.value ?? '';
}

/**
 * A fresh, confirmed member logged in on `page`. Likes, chats, blocks and notifications change
 * both members' lists and counts, so such tests leave the demo members other tests read alone;
 * unconfirmed members are hidden from others, so the activation mail is followed.
 */
export async function activeMember(page: Page, name: string): Promise<number> {
  const email = `${name.toLowerCase()}-${Date.now()}-${crypto.randomInt(1e6)}@example.test`;
  await page.goto('/');
  const signup = await page.request.post('/api/user.php?new=1', {
    data: { email, name, password: 'a member password', language: 'en' },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(signup.status()).toBe(200);
  await page.goto(await mailedLink(page.request, email, /\/api\/activate/));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const user = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  return user.profile.id;
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
