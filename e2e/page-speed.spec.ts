import { en, expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { activeMember, csrfHeaders, MEMBER_PASSWORD, secondPage, signUpConfirmed } from './members';

// Issue 17 "Speed": what the first HTML carries, and what the browser then need not ask.

test('the members page comes with its first cards and does not search again on load', async ({ page }) => {
  await activeMember(page, 'Ilse');
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/search.php')) searches.push(request.url());
  });

  const response = await page.goto('/members');
  // The first HTML, before any script ran, already has the cards and the first photo to paint.
  const html = (await response?.text()) ?? '';
  expect(html.match(/data-profile-id="\d+"/g)).toHaveLength(12);
  expect(html).toMatch(/<img[^>]*fetchpriority="high"/i);

  const cards = page.getByRole('list', { name: en('search.results_label') }).locator('[data-profile-id]');
  await expect(cards).toHaveCount(12);
  // Hydrated from what the page brought: the list stays as it is, and no search is sent for it.
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  await expect(cards).toHaveCount(12);
});

/**
 * The browser's first date formatter loads its locale data, a long task on a phone: pages that
 * show times bring their formats as patterns instead. Counts the formatters the page makes.
 */
async function countDateFormatters(page: Page) {
  await page.addInitScript(() => {
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: unknown[], newTarget: NewableFunction) {
        made += 1;
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply(target, self, args: unknown[]) {
        made += 1;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    Object.defineProperty(window, 'dateFormattersMade', { get: () => made });
  });
}

/**
 * The page made no date formatter, and the time reads as the browser's own formatter, in its time
 * zone and the page's language, writes it.
 */
async function expectWrittenAsTheBrowserWould(time: Locator, options: Intl.DateTimeFormatOptions) {
  const page = time.page();
  expect(await page.evaluate(() => (window as unknown as { dateFormattersMade: number }).dateFormattersMade)).toBe(0);
  const at = (await time.getAttribute('datetime')) ?? '';
  const expected = await page.evaluate(
    ([iso, format]) => new Intl.DateTimeFormat(document.documentElement.lang, format).format(new Date(iso)),
    [at, options] as const,
  );
  await expect(time).toHaveText(expected);
}

test.describe('far from the server’s clock', () => {
  // The server renders in UTC; the fixture fails the test on the error a hydration mismatch logs.
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('the chat list comes with the chats page and is not asked for again on load', async ({ page, browser }) => {
    await activeMember(page, 'Henk');
    const other = await secondPage(browser);
    const theirId = await activeMember(other, 'Marijke');
    await other.context().close();
    const started = await page.request.get(`/api/chat.php?profile=${theirId}`, {
      headers: { 'x-rendezvous-client': 'e2e' },
    });
    const { id: conversation } = (await started.json()) as { id: number };
    const sent = await page.request.post('/api/messages.php', {
      data: { conversation, body: 'Shall we walk by the sea on Sunday?' },
      headers: { ...(await csrfHeaders(page)), 'x-rendezvous-client': 'e2e' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/chats.php')) listCalls.push(request.url());
    });
    await countDateFormatters(page);

    const response = await page.goto('/chats');
    // Before any script ran: the conversation, its last words, and no loading line.
    const html = (await response?.text()) ?? '';
    const body = html.slice(html.indexOf('<body'), html.indexOf('<script', html.indexOf('<body')));
    expect(body).toContain('Marijke');
    expect(body).toContain('Shall we walk by the sea on Sunday?');
    expect(body).not.toContain(en('chats.loading'));

    const list = page.getByRole('link', { name: /Marijke/ });
    await expect(list).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(listCalls).toEqual([]);

    // The time it was written, in Auckland, as the browser's own formatter would write it.
    const time = list.locator('time');
    await expect(time).not.toBeEmpty();
    await expectWrittenAsTheBrowserWould(time, { hour: '2-digit', minute: '2-digit' });
  });

  test('notifications show their times without making a date formatter', async ({ page, browser }) => {
    await activeMember(page, 'Gerrit');
    const other = await secondPage(browser);
    await activeMember(other, 'Annelies');
    const liked = ((await (await page.request.get('/api/user.php')).json()) as { profile: { id: number } }).profile.id;
    const like = await other.request.post('/api/likes.php', {
      data: { profile: liked },
      headers: await csrfHeaders(other),
    });
    expect(like.ok()).toBe(true);
    await other.context().close();
    await countDateFormatters(page);

    await page.goto('/notifications');
    const time = page
      .getByRole('list', { name: en('notifications.title') })
      .locator('time')
      .first();
    await expect(time).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await expectWrittenAsTheBrowserWould(time, { dateStyle: 'medium', timeStyle: 'short' });
  });
});

test('the pages visitors and members open first load no validation code before they paint', async ({ page }) => {
  // zod and the contract's schemas are the chunk `zod-*` (web/vite.config.ts) and those importing
  // it; the scripts a page names in its first HTML are what it runs before it answers a tap.
  const visitorPages = [
    '/',
    '/login',
    '/signup',
    '/landers/video/eng',
    '/match-finder',
    '/match-finder?gender=female&min_age=56&max_age=65&country=NL&countryregion=0',
  ];
  const memberPages = ['/members', '/chats', '/likes', '/profile', '/credits', '/notifications'];
  const namingZod = async (path: string) => {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(/\/assets\/entry\.client-[\w-]+\.js/);
    return /\/assets\/zod-[\w-]+\.js/.test(html) ? [path] : [];
  };
  const withZod: string[] = [];
  for (const path of visitorPages) withZod.push(...(await namingZod(path)));
  await activeMember(page, 'Zelda');
  for (const path of memberPages) withZod.push(...(await namingZod(path)));
  expect(withZod).toEqual([]);
});

test('pages that check answers with zod raise no Content-Security-Policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // Both build zod schemas in the browser as they load; the fixture fails the test on any console error.
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await activeMember(page, 'Wim');
  await page.goto('/chats');
  await page.waitForLoadState('networkidle');
});

test('a public page inlines its critical CSS and loads the stylesheet without blocking the first paint', async ({
  page,
}) => {
  // The first rendering of a kind of page teaches the server its critical CSS; later ones carry it.
  await expect.poll(async () => (await (await page.request.get('/login')).text()).includes('<style nonce=')).toBe(true);

  const response = await page.goto('/login');
  const html = (await response?.text()) ?? '';
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style nonce="[^"]+">[^]*?\.btn\{[^]*?<\/style>/);
  // Outside <noscript>, every stylesheet waits for nothing and blocks nothing.
  const blocking = head
    .replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
    .match(/<link\b[^>]*rel="stylesheet"[^>]*>/g)
    ?.filter((link) => !link.includes('media="print"'));
  expect(blocking).toEqual([]);

  await page.waitForLoadState('load');
  const stylesheets = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.css'))
      .map((entry) => (entry as PerformanceResourceTiming & { renderBlockingStatus: string }).renderBlockingStatus),
  );
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(stylesheets.every((status) => status === 'non-blocking')).toBe(true);
  // Once loaded, the whole stylesheet applies: the next screens need its other rules.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => (link as HTMLLinkElement).media),
      ),
    )
    .toEqual(expect.arrayContaining(['all']));
  await expect(page.getByRole('button', { name: en('login.submit') })).toBeVisible();
});

test.describe('the app starts once the first screen is shown', () => {
  /** Holds back the app's entry module until the returned function is called: the page stays the server's markup. */
  async function holdTheApp(page: Page): Promise<() => void> {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/entry.client-*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('the page paints before it asks for any script, then comes to life', async ({ page }) => {
    const response = await page.goto('/login');
    expect((await response?.text()) ?? '').not.toContain('rel="modulepreload"');
    await expect(page.getByRole('button', { name: en('login.submit') })).toBeEnabled();
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(5);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint ?? Infinity);
  });

  test('a tap on a button before the app has started is answered once it has', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: en('nav.menu') });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel(en('nav.language'))).toBeVisible();
  });

  test('what is typed before the app has started is what the form sends', async ({ page, request }) => {
    const { email } = await signUpConfirmed(request, 'Greet');
    const release = await holdTheApp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel(en('login.email')).fill(email);
    await page.getByLabel(en('login.password')).fill(MEMBER_PASSWORD);
    release();
    await page.getByRole('button', { name: en('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
  });
});
