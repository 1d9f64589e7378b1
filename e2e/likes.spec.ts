import type { Browser, Page } from '@playwright/test';
import crypto from 'node:crypto';
import { expect, message, test } from './fixtures';
import { mailedLink } from './mail';
import { PORT } from './playwright.config';

const en = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, value), message('en', key));

/**
 * A fresh, confirmed member of their own: likes change the liked member's lists and badge, so
 * the demo members other tests read stay untouched. Unconfirmed members are hidden from others.
 */
async function activeMember(page: Page, name: string): Promise<number> {
  const email = `likes-${name.toLowerCase()}-${Date.now()}@example.test`;
  await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'rv_csrf')?.value ?? '';
  const signup = await page.request.post('/api/user.php?new=1', {
    data: { email, name, password: 'likes password here', language: 'en' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(signup.status()).toBe(200);
  await page.goto(await mailedLink(page.request, email, /\/api\/activate/));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const user = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  return user.profile.id;
}

/** A second visitor in a browser context of its own, from an address of its own (the per-IP limits). */
async function secondPage(browser: Browser): Promise<Page> {
  const [a, b, c] = crypto.randomBytes(3);
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  return context.newPage();
}

test('a member likes another from their page; the other sees the like as new until they open it', async ({
  page,
  browser,
}) => {
  const liker = 'Annelies';
  const liked = 'Bram';
  const likerId = await activeMember(page, liker);
  const other = await secondPage(browser);
  const likedId = await activeMember(other, liked);

  // A likes B on B's page: the heart is pressed at once and still pressed after a reload.
  await page.goto(`/members/${likedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(liked);
  await page.getByRole('button', { name: en('likes.like', { name: liked }) }).click();
  const pressed = page.getByRole('button', { name: en('likes.unlike', { name: liked }) });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(pressed).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: en('likes.unlike', { name: liked }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A's own likes list it under "You liked".
  await page.goto('/likes/sent');
  await expect(
    page.getByRole('list', { name: en('likes.tab_sent') }).getByRole('link', { name: liked, exact: true }),
  ).toBeVisible();

  // B sees A among the received likes, marked new.
  await other.goto('/likes');
  const received = other.getByRole('list', { name: en('likes.tab_received') });
  const card = received.getByRole('listitem').filter({ has: other.getByRole('link', { name: liker, exact: true }) });
  await expect(card.getByText(en('likes.new'), { exact: true })).toBeVisible();

  // Opening A's profile from there goes to the likes alias, without the chat button, and clears "new".
  await card.getByRole('link', { name: liker, exact: true }).click();
  await expect(other).toHaveURL(new RegExp(`/likes/m/${likerId}$`));
  await expect(other.getByRole('heading', { level: 1 })).toContainText(liker);
  await expect(other.getByRole('link', { name: en('member_page.chat', { name: liker }) })).toHaveCount(0);
  await other.getByRole('link', { name: en('likes.back') }).click();
  await expect(other).toHaveURL(/\/likes$/);
  const again = other
    .getByRole('list', { name: en('likes.tab_received') })
    .getByRole('listitem')
    .filter({ has: other.getByRole('link', { name: liker, exact: true }) });
  await expect(again).toBeVisible();
  await expect(again.getByText(en('likes.new'), { exact: true })).toHaveCount(0);

  // B likes back from the likes screen: the two are now mutual.
  await again.getByRole('button', { name: en('likes.like', { name: liker }) }).click();
  await expect(again.getByRole('button', { name: en('likes.unlike', { name: liker }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await other.getByRole('link', { name: en('likes.tab_mutual') }).click();
  await expect(
    other.getByRole('list', { name: en('likes.tab_mutual') }).getByRole('link', { name: liker, exact: true }),
  ).toBeVisible();
  await other.context().close();
});

/** Visible text that did not come through translation: under the pseudo-locale every message reads [[key]]. */
async function untranslatedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, textarea, [translate="no"]')) continue;
      if (!element.checkVisibility()) continue;
      const words = text.replace(/\[\[[\w.-]+\]\]/g, '').replace(/[\p{P}\p{S}\p{N}\s]/gu, '');
      if (words) found.push(text);
    }
    return found;
  });
}

test('every visible string of the likes screens goes through translation, and they fit 360 pixels', async ({
  page,
  browser,
  context,
}) => {
  await activeMember(page, 'Jolien');
  const other = await secondPage(browser);
  await activeMember(other, 'Kees');
  const likedId = (await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } };
  await other.goto(`/members/${likedId.profile.id}`);
  await other.getByRole('button', { name: en('likes.like', { name: 'Jolien' }) }).click();
  await expect(other.getByRole('button', { name: en('likes.unlike', { name: 'Jolien' }) })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await other.context().close();

  await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  for (const path of ['/likes', '/likes/sent', '/likes/mutual']) {
    await page.goto(path);
    await expect(page.locator(path === '/likes' ? '.likes-new' : 'main p').first()).toBeVisible();
    expect(await untranslatedText(page), path).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
  }
});
