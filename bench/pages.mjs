#!/usr/bin/env node
/**
 * `npm run bench:pages`: builds, starts the production server on a fresh database and runs
 * Lighthouse (mobile, throttled) in Debian's Chromium on the pages issue 17 names: /, /login,
 * /signup, a lander, a member's public page and, logged in as the demo member through the API,
 * /members and /chats. The session goes into the browser's cookie jar, which Lighthouse keeps
 * between runs: Chromium drops a Cookie header passed as one of Lighthouse's `extraHeaders`. Each page is measured `--runs N`
 * times (default 3) and every figure is the median of its runs: one Lighthouse run moves by
 * several points with whatever else the machine is doing.
 * Prints performance, accessibility and best-practices scores, LCP, TBT, CLS, the JavaScript the
 * first load transferred and the first HTML response, both gzipped, against the aims.
 * Then prints the first-load JS of every visitor and member screen (first-load-js.mjs).
 *
 *   --js-only     only the first-load JS table, without Lighthouse (seconds, not minutes)
 *   --root DIR    measure another checkout's build, e.g. a worktree of an older commit, so a
 *                 change's before and after are measured by the same script
 *   --runs N      Lighthouse runs per page (default 3)
 *   --pages A,B   only these of the pages in built-app.mjs (as written there, e.g.
 *                 /members,/chats), to follow one change's effect without the minutes of the others
 *   --no-build    measure the build as it is
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { browserCookies, countFromArgs, median, pagesFromArgs, rootFromArgs, startBuiltApp } from './built-app.mjs';
import { gzippedBytes, measureFirstLoadJs, memberCookie, someMemberId } from './first-load-js.mjs';

const JS_ONLY = process.argv.includes('--js-only');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const RUNS = countFromArgs('--runs', 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Issue 17's aims for every measured page. */
const AIMS = {
  performance: 98,
  accessibility: 100,
  lcpMs: 1800,
  cls: 0.02,
  jsKb: 100,
  htmlKb: 12,
};

const PAGES = pagesFromArgs();
const { base: BASE, stop } = await startBuiltApp({ root: rootFromArgs(), port: PORT });

let chrome;
try {
  if (!JS_ONLY) await lighthouseTable();
  console.log('\nFirst-load JS per screen: what its HTML names (scripts, modulepreloads, inline imports), gzipped');
  console.table(await measureFirstLoadJs(BASE));
} finally {
  await chrome?.kill();
  stop();
}

/** The first HTML response as the browser gets it, gzipped (what a phone downloads before anything else). */
async function htmlGzipKb(url, cookie) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length / 1024;
}

async function measurePage(url) {
  const runs = [];
  const failures = [];
  // A run that failed to record its trace (NO_NAVSTART on a busy machine) measured nothing, so it
  // is run again, a few times at most; a page that keeps failing is reported with its error.
  while (runs.length < RUNS && failures.length < RUNS) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    if (lhr.runtimeError) failures.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    else if (lhr.finalDisplayedUrl.replace(/[?#].*$/, '') !== url) failures.push(`ended on ${lhr.finalDisplayedUrl}`);
    else runs.push(lhr);
  }
  if (runs.length === 0) return { error: failures[0] };
  const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
  const js = [];
  for (const lhr of runs) {
    const scripts = lhr.audits['network-requests'].details.items
      .filter((item) => item.resourceType === 'Script' && item.url.startsWith(BASE))
      .map((item) => item.url);
    js.push((await gzippedBytes(scripts)) / 1024);
  }
  const performances = runs.map((lhr) => score(lhr, 'performance'));
  return {
    performance: median(performances),
    'min–max': `${Math.min(...performances)}–${Math.max(...performances)}`,
    runs: failures.length ? `${runs.length} (+${failures.length} failed)` : runs.length,
    a11y: median(runs.map((lhr) => score(lhr, 'accessibility'))),
    'best pr.': median(runs.map((lhr) => score(lhr, 'best-practices'))),
    lcpMs: median(runs.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue)),
    tbtMs: median(runs.map((lhr) => lhr.audits['total-blocking-time'].numericValue)),
    cls: median(runs.map((lhr) => lhr.audits['cumulative-layout-shift'].numericValue)),
    jsKb: median(js),
    lcp: largestPaint(runs[Math.floor(runs.length / 2)]),
    'failed a11y audits': [
      ...new Set(
        runs.flatMap((lhr) =>
          Object.values(lhr.audits)
            .filter(
              (audit) => audit.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
            )
            .map((audit) => audit.id),
        ),
      ),
    ].join(', '),
  };
}

/**
 * Which element was the largest paint and where its time went (Lighthouse's phases): what to
 * change to bring LCP down depends on whether it waited for the server, for its image, or for the
 * page's scripts to render it.
 */
function largestPaint(lhr) {
  const [element, phases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const timing = (phase) => Math.round(phases?.items?.find((item) => item.phase === phase)?.timing ?? 0);
  return {
    element: node ? `${node.nodeLabel ?? ''}`.slice(0, 40) : '',
    selector: node?.selector?.split(' > ').slice(-2).join(' > ') ?? '',
    'TTFB ms': timing('TTFB'),
    'load delay ms': timing('Load Delay'),
    'load ms': timing('Load Time'),
    'render delay ms': timing('Render Delay'),
  };
}

/** The visitor's pages are measured with no cookies, the member's with the session's. */
async function setBrowserCookies(browser, cookie) {
  await browser.deleteCookie(...(await browser.cookies()));
  if (cookie) await browser.setCookie(...browserCookies(cookie, BASE));
}

/** A figure with a mark when it misses its aim, so a table shows at a glance what is left. */
function mark(text, ok) {
  return `${text}${ok ? '' : ' ✗'}`;
}

async function lighthouseTable() {
  const cookie = await memberCookie(BASE);
  const memberId = await someMemberId(BASE, cookie);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows = [];
  const paints = [];
  for (const { page: template, as } of PAGES) {
    const page = template.replace(':id', String(memberId));
    const sessionCookie = as === 'member' ? cookie : undefined;
    await setBrowserCookies(browser, sessionCookie);
    const result = await measurePage(`${BASE}${page}`);
    const htmlKb = await htmlGzipKb(`${BASE}${page}`, sessionCookie);
    if (result.error) {
      rows.push({ page, as, error: result.error });
      continue;
    }
    rows.push({
      page,
      as,
      perf: mark(result.performance, result.performance >= AIMS.performance),
      'min–max': result['min–max'],
      runs: result.runs,
      a11y: mark(result.a11y, result.a11y >= AIMS.accessibility),
      'best pr.': result['best pr.'],
      'LCP s': mark((result.lcpMs / 1000).toFixed(2), result.lcpMs <= AIMS.lcpMs),
      'TBT ms': Math.round(result.tbtMs),
      CLS: mark(result.cls.toFixed(3), result.cls < AIMS.cls),
      'JS KB gz': mark(result.jsKb.toFixed(1), result.jsKb <= AIMS.jsKb),
      'HTML KB gz': mark(htmlKb.toFixed(1), htmlKb <= AIMS.htmlKb),
      'failed a11y': result['failed a11y audits'],
    });
    paints.push({ page, ...result.lcp });
  }
  console.log(
    `\nLighthouse (mobile, throttled), median of ${RUNS} runs. Aims: performance ≥ ${AIMS.performance}, ` +
      `accessibility ${AIMS.accessibility}, LCP ≤ ${AIMS.lcpMs / 1000} s, CLS < ${AIMS.cls}, ` +
      `first-load JS ≤ ${AIMS.jsKb} KB gzip, first HTML ≤ ${AIMS.htmlKb} KB gzip (✗ misses its aim)`,
  );
  console.table(rows);
  console.log('\nThe largest paint of each page (its median run): the element and its phases');
  console.table(paints);
}
