import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import { CLIENT_HEADER, LANDER_NAMES, landerSlug, type Locale } from '@rendezvous/contract';
import { axeViolations, WCAG_22_TAGS } from './axe';
import { paidOrder } from './credits';
import { LOCALES, catalogue, en, expect, message, test } from './fixtures';
import { csrfHeaders, profileFromSearch, signUpConfirmed } from './members';
import { PORT } from './playwright.config';

/*
 * Issue 21: every main screen, in every language, on a phone and on a laptop, logged out and in,
 * is accessible (axe, WCAG 2.0/2.1/2.2 A and AA), fits the screen (no sideways scrolling, no
 * select or line cut short), is easy to tap (24 × 24 CSS px, primary actions 44 × 44), loads
 * every request and logs no error. A screen joins the sweep with one line in SCREENS.
 */

type Who = 'visitor' | 'member';

/** What the screens' addresses are made of: the run's language and the records set up for it. */
interface World {
  locale: Locale;
  /** Another member, who liked and wrote to the logged-in one. */
  other: number;
  conversation: number;
  /** A credit package the site sells, and the logged-in member's paid order of it. */
  creditPackage: string;
  order: number;
}

interface Screen {
  name: string;
  path: (world: World) => string;
  who: readonly Who[];
  /** What the page answers when it is not 200 (the not-found page). */
  status?: number;
}

const BOTH: readonly Who[] = ['visitor', 'member'];
const VISITOR: readonly Who[] = ['visitor'];
const MEMBER: readonly Who[] = ['member'];
const CONTENT_PAGES = ['terms', 'privacy', 'cookies', 'faq', 'service', 'return-policy', 'ban'] as const;
/** The member landers; the last two take their language from the slug, as the marketing landers do. */
const MEMBER_LANDERS = ['signup', 'landing', 'landing2/', 'landing3/'] as const;

/** Every main screen: a new one joins the sweep with a line here. */
const SCREENS: readonly Screen[] = [
  { name: 'home', path: () => '/', who: BOTH },
  { name: 'login', path: () => '/login', who: VISITOR },
  { name: 'sign-up', path: () => '/signup', who: VISITOR },
  { name: 'members', path: () => '/members', who: MEMBER },
  { name: 'a member page', path: (world) => `/members/${world.other}`, who: BOTH },
  { name: 'chats', path: () => '/chats', who: MEMBER },
  { name: 'a conversation', path: (world) => `/chats/${world.conversation}`, who: MEMBER },
  { name: 'likes', path: () => '/likes', who: MEMBER },
  { name: 'notifications', path: () => '/notifications', who: MEMBER },
  { name: 'own profile', path: () => '/profile', who: MEMBER },
  { name: 'credits', path: () => '/credits', who: MEMBER },
  { name: 'checkout', path: (world) => `/credits/${world.creditPackage}`, who: MEMBER },
  { name: 'a transaction', path: (world) => `/transactions/${world.order}`, who: MEMBER },
  { name: 'new password', path: () => '/reset-password/do?token=0123456789abcdef', who: VISITOR },
  { name: 'address confirmed', path: () => '/activate/done', who: BOTH },
  { name: 'activation failed', path: () => '/activate/error', who: VISITOR },
  { name: 'not found', path: () => '/no-such-page', who: BOTH, status: 404 },
  { name: 'pricing', path: () => '/pricing', who: BOTH },
  { name: 'premium', path: () => '/premium', who: BOTH },
  { name: 'complaints', path: () => '/complaints', who: BOTH },
  { name: 'cancel a contract', path: () => '/cancel-contract', who: VISITOR },
  { name: 'match finder', path: () => '/match-finder', who: VISITOR },
  {
    name: 'sign-up with matches',
    path: () => '/signup-matches?gender=female&min_age=46&max_age=55&country=NL&countryregion=0',
    who: VISITOR,
  },
  ...CONTENT_PAGES.map((page) => ({ name: `content page ${page}`, path: () => `/pages/${page}`, who: VISITOR })),
  ...LANDER_NAMES.map((lander) => ({
    name: `lander ${lander}`,
    path: (world: World) => `/landers/${lander}/${landerSlug(1, world.locale)}`,
    who: VISITOR,
  })),
  ...MEMBER_LANDERS.map((lander) => ({
    name: `member lander ${lander}`,
    path: (world: World) =>
      `/members/${world.other}/${lander}${lander.endsWith('/') ? landerSlug(1, world.locale) : ''}`,
    who: VISITOR,
  })),
];

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Run {
  locale: Locale;
  device: 'phone' | 'laptop';
}

/** Two languages on the laptop: English, and German, whose long words are the likeliest to be cut or to overflow. */
const RUNS: readonly Run[] = [
  ...LOCALES.map((locale) => ({ locale, device: 'phone' as const })),
  { locale: 'en', device: 'laptop' },
  { locale: 'de', device: 'laptop' },
];

/** A browser context of its own: the run's device, language and address (the per-IP limits count per run). */
async function newVisitor(browser: Browser, run: Run): Promise<BrowserContext> {
  const [a, b, c] = crypto.randomBytes(3);
  const baseURL = `http://localhost:${PORT}`;
  const phone = run.device === 'phone';
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? PHONE : LAPTOP,
    isMobile: phone,
    hasTouch: phone,
    ...(phone ? { userAgent: PHONE_USER_AGENT } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` },
  });
  await context.addCookies([{ name: 'i18n_redirected', value: run.locale, url: baseURL }]);
  return context;
}

/**
 * The records the member screens show: a member logged in on `context` with a paid order, and
 * another who liked them and wrote two long messages, so the conversation is taller than any screen.
 */
async function setUpWorld(browser: Browser, run: Run, context: BrowserContext): Promise<World> {
  const me = await signUpConfirmed(context.request, 'Greta');
  const otherContext = await newVisitor(browser, run);
  const other = await signUpConfirmed(otherContext.request, 'Hendrik');
  const headers = await csrfHeaders(otherContext.request);
  expect((await otherContext.request.post('/api/likes.php', { data: { profile: me.id }, headers })).status()).toBe(200);
  // Starting a chat is asked of our own pages only (a link elsewhere must not open one).
  const started = await otherContext.request.get(`/api/chat.php?profile=${me.id}`, {
    headers: { [CLIENT_HEADER]: 'e2e' },
  });
  expect(started.status()).toBe(200);
  const { id: conversation } = (await started.json()) as { id: number };
  const paragraph = 'We could walk along the river on Sunday and have coffee in the old town afterwards. ';
  for (const opening of ['Hello Greta!', 'One more thing:']) {
    const body = `${opening} ${paragraph.repeat(12)}`.slice(0, 1500);
    const sent = await otherContext.request.post('/api/messages.php', { data: { conversation, body }, headers });
    expect(sent.status()).toBe(200);
  }
  await otherContext.close();
  return { locale: run.locale, other: other.id, conversation, ...(await paidOrder(context.request)) };
}

/** Requests in flight and every failure or error the page shows, from the moment it is watched. */
function watch(page: Page) {
  const problems: string[] = [];
  const inFlight = new Set<string>();
  /** The status the page being opened is meant to answer (the not-found page's 404 is no failure). */
  let pageStatus = 200;
  const isPage = (response: Response) => response.request().isNavigationRequest() && response.status() === pageStatus;
  page.on('console', (entry) => {
    // Chromium logs a page's own error status too, naming the page's address.
    const ownStatus =
      pageStatus !== 200 && entry.text().includes(`status of ${pageStatus}`) && entry.location().url === page.url();
    if (entry.type() === 'error' && !ownStatus) problems.push(`console error: ${entry.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request.url() + request.method());
  });
  const done = (url: string) => inFlight.delete(url);
  page.on('requestfinished', (request) => done(request.url() + request.method()));
  page.on('requestfailed', (request) => {
    done(request.url() + request.method());
    // A navigation cancels what the page before it still had on the way.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`failed request: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !isPage(response))
      problems.push(`failed request: ${response.status()} for ${response.url()}`);
  });
  return {
    problems,
    expectPageStatus(status: number) {
      pageStatus = status;
    },
    /** Waits until the page has asked for and received everything it wants on arrival. */
    async settle() {
      // Looked at every 50 ms: the default's growing steps made each screen wait half a second more.
      const noneOpen = () =>
        expect
          .poll(() => inFlight.size, { message: `requests still open: ${[...inFlight].join(', ')}`, intervals: [50] })
          .toBe(0);
      await page.waitForLoadState('load');
      await noneOpen();
      // Hydration and the calls it starts follow the load; they show up in flight again if any.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
      await noneOpen();
    },
  };
}

/** What a person would notice on the screen as laid out now; one line per problem. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${text.slice(0, 40)}"`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      element.getBoundingClientRect().width > 1;

    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) found.push(`the page scrolls sideways by ${overflow}px`);

    // WCAG 2.2 (2.5.8): 24 × 24 CSS px; a link inside a sentence is exempt. A box or button within
    // its label is as large as the label (issue 21: checkboxes get a label-sized hit area).
    const targets = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]',
    );
    for (const target of Array.from(targets)) {
      if (!shown(target)) continue;
      // What the finger hits: the label around a box, the whole card a stretched link covers.
      const label = target instanceof HTMLInputElement ? target.closest('label') : null;
      const stretched = getComputedStyle(target, '::after');
      const cover =
        stretched.content !== 'none' && stretched.position === 'absolute' && target instanceof HTMLElement
          ? target.offsetParent
          : null;
      const box = (label ?? cover ?? target).getBoundingClientRect();
      const inline =
        target.tagName === 'A' &&
        getComputedStyle(target).display === 'inline' &&
        (target.parentElement?.textContent?.trim().length ?? 0) > (target.textContent?.trim().length ?? 0);
      if (!inline && (box.width < 24 || box.height < 24)) {
        found.push(`tap target ${Math.round(box.width)}×${Math.round(box.height)}: ${describe(target)}`);
      }
      // Issue 21: primary actions (send, like, sign up, save) are at least 44 × 44.
      const primary = target.matches('button[type="submit"], button[aria-pressed], .btn-primary');
      if (primary && (box.width < 44 || box.height < 44)) {
        found.push(`primary action ${Math.round(box.width)}×${Math.round(box.height)}: ${describe(target)}`);
      }
    }

    // A select shows its whole chosen value.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const chosen = select.selectedOptions[0];
      if (!chosen || !shown(select)) continue;
      const style = getComputedStyle(select);
      canvas.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(chosen.text).width;
      if (needed > room + 1) found.push(`select cuts "${chosen.text}" (${Math.round(needed)}px in ${room}px)`);
    }

    // Text cut off without an ellipsis (a name or place cut mid-word).
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest('.sr-only, svg, select, textarea, input')) continue;
      const style = getComputedStyle(element);
      const clips = ['hidden', 'clip'].includes(style.overflowX);
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
      if (clips && hasText && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        if (shown(element)) found.push(`text cut without an ellipsis: ${describe(element)}`);
      }
    }

    // Every picture shows (a photo or the site's placeholder), never an empty box. An image the page
    // has only just put in (a list that arrives after hydration, such as the not-found page's members)
    // may not have started loading yet: each is judged once it has loaded or failed, not half-way.
    const eager = Array.from(document.images).filter((image) => shown(image) && image.loading !== 'lazy');
    const settled = (image: HTMLImageElement) =>
      new Promise<void>((done) => {
        image.addEventListener('load', () => done(), { once: true });
        image.addEventListener('error', () => done(), { once: true });
        // One that neither loads nor fails within a few seconds is reported as not loaded.
        setTimeout(done, 5_000);
      });
    await Promise.all(eager.filter((image) => !image.complete).map(settled));
    for (const image of eager) {
      if (!image.complete || image.naturalWidth === 0)
        found.push(`image did not load: ${image.currentSrc || image.src}`);
    }
    return found;
  });
}

type Catalogue = ReturnType<typeof catalogue>;

function strings(tree: Catalogue, into = new Set<string>()): Set<string> {
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') into.add(value);
    else strings(value, into);
  }
  return into;
}

/**
 * The English interface words a member reading `locale` must never meet: every English catalogue
 * text (without placeholders) that the locale's catalogue does not also use, and the English names
 * of the countries the demo sites offer.
 */
function englishOnly(locale: Locale): string[] {
  const own = strings(catalogue(locale));
  const english = [...strings(catalogue('en'))].filter((text) => !text.includes('{{') && !own.has(text));
  const countries = ['NL', 'BE', 'DE', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ'];
  const inEnglish = new Intl.DisplayNames(['en'], { type: 'region' });
  const inLocale = new Intl.DisplayNames([locale], { type: 'region' });
  const names = countries
    .map((code) => inEnglish.of(code)!)
    .filter((name, index) => name !== inLocale.of(countries[index]!));
  // At least one word: digits and signs need no translation.
  return [...english, ...names].filter((text) => /\p{L}{4}/u.test(text));
}

/** Visible interface text that is English in a page in another language (issue 21); what members wrote aside. */
async function englishTextIn(page: Page, english: readonly string[]): Promise<string[]> {
  return page.evaluate((words) => {
    const wanted = new Set(words);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (!text || !element || element.closest('script, style, textarea, [translate="no"], .sr-only')) continue;
      if (wanted.has(text) && element.checkVisibility()) found.push(`English text: "${text}"`);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value && wanted.has(value)) found.push(`English ${name}: "${value}"`);
      }
    }
    return found;
  }, english);
}

/** WCAG 2.4.2: the title names the page by its heading, before the site's name. */
async function titleProblems(page: Page): Promise<string[]> {
  const h1 = page.locator('h1');
  const heading = (await h1.count()) > 0 ? (await h1.first().textContent())?.replace(/\s+/g, ' ').trim() : undefined;
  const title = await page.title();
  return heading && title.replace(/^\(\d+\) /, '').startsWith(`${heading} · `)
    ? []
    : [`the title "${title}" does not name the page ("${heading ?? 'no h1'}")`];
}

/** Issue 21: the conversation is an app screen: exactly the visible height, the composer kept in view. */
async function conversationProblems(page: Page, world: World): Promise<string[]> {
  const found: string[] = [];
  const composer = page.getByRole('textbox', {
    name: message(world.locale, 'chats.message_label').split('{{')[0]!.trim(),
  });
  const list = page.getByRole('region', {
    name: new RegExp(message(world.locale, 'chats.messages_label').split('{{')[0]!),
  });
  const fits = () =>
    page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      visible: window.visualViewport?.height ?? window.innerHeight,
    }));
  const before = await fits();
  if (before.page > Math.ceil(before.visible))
    found.push(`conversation page is ${before.page}px on ${before.visible}px`);
  if (!(await list.isVisible())) found.push('the message list is not a labelled region');
  else if ((await list.getAttribute('tabindex')) !== '0') found.push('the message list cannot be focused to scroll it');

  // The on-screen keyboard takes the lower part of the screen: the visual viewport shrinks.
  await composer.focus();
  const keyboardTop = await page.evaluate(() => {
    const viewport = window.visualViewport!;
    const height = Math.round(window.innerHeight * 0.55);
    Object.defineProperty(viewport, 'height', { configurable: true, get: () => height });
    viewport.dispatchEvent(new Event('resize'));
    return height;
  });
  // The list keeps to its bottom from a ResizeObserver, which runs at the next frame's layout: a
  // measurement right after the resize may come before it, so the state is awaited, not sampled.
  const withKeyboard = async (): Promise<string[]> => {
    const problems: string[] = [];
    const after = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      layout: window.innerHeight,
      scrolled: window.scrollY,
    }));
    if (after.page > after.layout || after.scrolled !== 0) problems.push('with the keyboard open the page scrolls');
    const box = await composer.boundingBox();
    if (!box || box.y + box.height > keyboardTop + 1) problems.push('the composer is under the keyboard');
    const last = await list.getByRole('listitem').last().boundingBox();
    if (!last || last.y + last.height > keyboardTop + 1 || last.y + last.height < 0) {
      problems.push('the latest message is out of view with the keyboard open');
    }
    return problems;
  };
  let settled: string[] = [];
  await expect
    .poll(async () => (settled = await withKeyboard()), { message: 'the conversation with the keyboard open' })
    .toEqual([])
    .catch(() => found.push(...settled));
  return found;
}

/** The router React Router's framework mode leaves on the page (the one its links navigate with). */
interface PageRouter {
  navigate(to: string): Promise<void>;
  state: { errors: Record<string, unknown> | null; matches: { route: { id: string } }[] };
}

/**
 * Opens a screen as a tap on one of the app's links does: the router fetches the screen's code
 * and data into the page already open. Returns what went wrong, if anything.
 */
async function openInApp(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (to) => {
    const router = (window as unknown as { __reactRouterDataRouter?: PageRouter }).__reactRouterDataRouter;
    if (!router) return 'the page has no router to navigate with';
    await router.navigate(to);
    const { errors, matches } = router.state;
    if (errors) return `the screen failed: ${JSON.stringify(errors)}`;
    return matches.some((match) => match.route.id === 'not-found') ? 'the app has no screen there' : null;
  }, path);
}

async function sweep(page: Page, run: Run, who: Who, world: World, screens: readonly Screen[]): Promise<string[]> {
  const watcher = watch(page);
  const problems: string[] = [];
  const english = run.locale === 'en' ? [] : englishOnly(run.locale);
  // Each screen but the first opens in the page already there, as members mostly reach them: a
  // whole page load per screen (about a CPU second on two cores) was most of the sweep's time.
  // Once hydrated, a screen is the same either way; its first HTML is its feature's tests' concern.
  let loaded = false;
  for (const screen of screens) {
    const where = `${screen.name} (${run.locale}, ${run.device}, ${who})`;
    const start = watcher.problems.length;
    watcher.expectPageStatus(screen.status ?? 200);
    // A status is only seen on a page load.
    if (!loaded || screen.status) {
      const response = await page.goto(screen.path(world));
      if (response?.status() !== (screen.status ?? 200)) problems.push(`${where}: answered ${response?.status()}`);
      loaded = !screen.status;
    } else {
      const failed = await openInApp(page, screen.path(world));
      if (failed) problems.push(`${where}: ${failed}`);
    }
    await watcher.settle();
    await expect(page.locator('h1:visible, h2:visible').first()).toBeVisible();
    const violations = await axeViolations(page, WCAG_22_TAGS);
    const layout = [...(await layoutProblems(page)), ...(await titleProblems(page))];
    const leftovers = english.length > 0 ? await englishTextIn(page, english) : [];
    const typing = screen.name === 'a conversation' && run.device === 'phone';
    const chat = typing ? await conversationProblems(page, world) : [];
    // The keyboard's check leaves the visual viewport changed: the next screen loads a page of its own.
    if (typing) loaded = false;
    for (const problem of [...watcher.problems.slice(start), ...violations, ...layout, ...leftovers, ...chat]) {
      problems.push(`${where}: ${problem}`);
    }
  }
  return problems;
}

/** The sign-up steps a new member walks through after the account, each checked as it shows. */
async function signupStepsProblems(page: Page, run: Run): Promise<string[]> {
  const watcher = watch(page);
  const problems: string[] = [];
  await page.goto('/complete-signup');
  for (const skip of ['photo_skip', 'location_skip', 'personal_skip', 'about_skip']) {
    await watcher.settle();
    const button = page.getByRole('button', { name: message(run.locale, `signup.${skip}`) });
    await expect(button).toBeVisible();
    const where = `sign-up step before ${skip} (${run.locale}, ${run.device})`;
    const violations = await axeViolations(page, WCAG_22_TAGS);
    for (const problem of [...violations, ...(await layoutProblems(page))]) {
      problems.push(`${where}: ${problem}`);
    }
    await button.click();
    // Focus moves on with the flow, to the next step's title, never back to the page's start.
    await expect(page.locator(':focus')).not.toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: message(run.locale, 'signup.confirm_to_members') })).toBeVisible();
  return [...problems, ...watcher.problems];
}

for (const run of RUNS) {
  test.describe(`every screen in ${run.locale} on a ${run.device}`, () => {
    // One session walks all its screens (a fresh login per screen would cost more than the checks).
    test.describe.configure({ timeout: SCREENS.length * 4_000 + 30_000 });

    test('logged out', async ({ browser }) => {
      const context = await newVisitor(browser, run);
      // The member pages need someone to show: a member set up in a context of their own.
      const setUp = await newVisitor(browser, run);
      const world = await setUpWorld(browser, run, setUp);
      await setUp.close();
      const page = await context.newPage();
      const problems = await sweep(
        page,
        run,
        'visitor',
        world,
        SCREENS.filter((screen) => screen.who.includes('visitor')),
      );
      await context.close();
      expect(problems).toEqual([]);
    });

    test('logged in', async ({ browser }) => {
      const context = await newVisitor(browser, run);
      const world = await setUpWorld(browser, run, context);
      const page = await context.newPage();
      const screens = SCREENS.filter((screen) => screen.who.includes('member'));
      const problems = [
        ...(await sweep(page, run, 'member', world, screens)),
        ...(await signupStepsProblems(page, run)),
      ];
      await context.close();
      expect(problems).toEqual([]);
    });
  });
}

test('offline, the conversation leaves room for the banner: its header and composer stay in view', async ({
  browser,
  context,
  page,
}) => {
  const run: Run = { locale: 'en', device: 'phone' };
  const world = await setUpWorld(browser, run, context);
  await page.goto(`/chats/${world.conversation}`);
  const list = page.getByRole('region', { name: en('chats.messages_label', { name: 'Hendrik' }) });
  await expect(list.getByText(/One more thing/)).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: en('offline.banner') });
  await expect(banner).toBeVisible();
  // What the member sees at the top of each: nothing covers the site's header or the conversation's.
  const covered = () =>
    page.evaluate(() =>
      ['.site-header', '#main header'].flatMap((selector) => {
        const header = document.querySelector(selector)!;
        const box = header.getBoundingClientRect();
        const atTop = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
        return header.contains(atTop) ? [] : [`${selector} is under ${atTop?.textContent?.slice(0, 30)}`];
      }),
    );
  await expect.poll(covered).toEqual([]);
  const composer = page.getByRole('textbox', { name: en('chats.message_label', { name: 'Hendrik' }) });
  const viewport = page.viewportSize()!;
  const composerBox = (await composer.boundingBox())!;
  expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(viewport.height);
  // Only the list scrolls; the page itself fits the screen with the banner in it.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('a similar-members search is not asked for on a member page a visitor may not search from', async ({
  page,
  request,
}) => {
  const profile = await profileFromSearch(request);
  const searches: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/search.php')) searches.push(sent.url());
  });
  await page.goto(`/members/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect(searches).toEqual([]);
});

test('a logged-in member opening the sign-up lands in the members area', async ({ page }) => {
  await signUpConfirmed(page.request, 'Ilse');
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('button', { name: message('en', 'signup.push_skip') })).toHaveCount(0);
});

test('focus comes back to what opened a dialog once it closes, and follows the sign-up from step to step', async ({
  page,
}) => {
  await signUpConfirmed(page.request, 'Jolanda');
  await page.goto('/profile');
  const opener = page.getByRole('button', { name: message('en', 'profile.delete_button') });
  await opener.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.goto('/complete-signup');
  await page.getByRole('button', { name: message('en', 'signup.photo_skip') }).click();
  await expect(page.getByRole('heading', { name: message('en', 'signup.location_title') })).toBeFocused();
});
