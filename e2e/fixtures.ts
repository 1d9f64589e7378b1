import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LOCALES, REGIONAL_CODES, type Locale } from '@rendezvous/contract';
import { HYDRATED_EVENT } from '../web/app/lib/hydration-events';

export { LOCALES, REGIONAL_CODES as REGIONAL };

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = new Map<Locale, Catalogue>();
/** A language's catalogue, read once per worker: tests look up hundreds of messages. */
export function catalogue(locale: Locale): Catalogue {
  let read = catalogues.get(locale);
  if (!read) {
    read = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../web/locales/${locale}.json`), 'utf8'),
    ) as Catalogue;
    catalogues.set(locale, read);
  }
  return read;
}

export function message(locale: Locale, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      catalogue(locale),
    );
  if (typeof value !== 'string') throw new Error(`No message ${key} in ${locale}`);
  return value;
}

/**
 * Every page must pass our own Content-Security-Policy, load all its resources
 * and render without console errors; the fixture fails a test that shows any. It watches the
 * test's own context, so a test that opens no page (calls only, or contexts of its own) costs
 * no browser window.
 */
export const test = base.extend<{ consoleErrors: string[] }, { browser: Browser }>({
  // The contexts a test opens itself wait for the app on their pages' loads too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watchTheApp(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // Each test is its own visitor, so the per-IP abuse limits (real ones: the test servers
  // trust 127.0.0.1 as a proxy) count one test's requests, not the whole run's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const [a, b, c] = crypto.randomBytes(3);
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${a}.${b}.${c}` });
  },
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, consoleErrors: errors }, use) => {
    context.on('console', (msg) => {
      // Chrome logs every HTTP error status, including a deliberate 404 page; sub-resources are checked below.
      // React Router asks which routes newly shown links lead to, and logs when it cannot ask
      // without a network; the offline tests check what the member sees then.
      const offlineRouteQuestion = msg.text().startsWith('Failed to fetch manifest patches');
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && !offlineRouteQuestion) {
        errors.push(msg.text());
      }
    });
    context.on('response', (response) => {
      // Pages and API calls answer errors on purpose and tests check them; assets never should. The
      // live events stream is an API call too: it answers 403 once the session has ended, and a test
      // that ends one (a password reset, cleared cookies) can catch it reconnecting. What the service
      // worker asks for on a page's behalf is the page's own answer, or its cache, which its tests check.
      const kind = response.request().resourceType();
      const byWorker = response.request().serviceWorker() !== null;
      if (response.status() >= 400 && !byWorker && !['document', 'fetch', 'xhr', 'eventsource'].includes(kind)) {
        errors.push(`${response.status()} for ${response.url()}`);
      }
    });
    context.on('weberror', (webError) => errors.push(webError.error().message));
    await watchTheApp(context);
    await use(context);
    expect(errors, 'console errors or CSP violations on the page').toEqual([]);
  },
});

/**
 * A page of the app is the server's markup until it has hydrated: links navigate, and a click or a
 * choice may not reach the app yet. The app starts once its first screen is shown, which can be
 * after the load event `goto` and `reload` wait for, so on the test's own pages these also wait
 * for the app to be live (the event its root layout sends), unless the test says what to wait for
 * (`waitUntil`). Pages without the app (an API answer, the offline page) are ready at once.
 */
const watched = new WeakSet<BrowserContext>();
async function watchTheApp(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript((event) => {
    document.addEventListener(event, () => Object.assign(window, { rendezvousLive: true }), { once: true });
  }, HYDRATED_EVENT);
  context.on('page', waitForTheAppOnLoad);
}

function waitForTheAppOnLoad(page: Page) {
  const untilLive = () =>
    page.waitForFunction(() => !('__reactRouterContext' in window) || 'rendezvousLive' in window, undefined, {
      timeout: 10_000,
    });
  const thenLive = async <T>(loading: Promise<T>, options?: { waitUntil?: unknown }): Promise<T> => {
    const response = await loading;
    if (!options?.waitUntil) await untilLive();
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => thenLive(goto(url, options), options);
  page.reload = (options) => thenLive(reload(options), options);
}

/** An English message with its {{placeholders}} filled, as the page shows it. */
export function en(key: string, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    message('en', key),
  );
}

/** 360 px wide phones (the project's viewport) must never scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

export async function rootClasses(page: Page): Promise<string[]> {
  return (await page.locator('html').getAttribute('class'))?.split(/\s+/) ?? [];
}

export { expect };
