#!/usr/bin/env node
/**
 * `npm run bench:pages`: builds, starts the production server on a fresh
 * database and runs Lighthouse (mobile) on /, /login, each of the eight
 * landers (paid traffic lands there) and the terms page in Debian's Chromium.
 * Each page is measured `--runs N` times (default 3) and the run with the median
 * performance score is shown, with the lowest and highest: one Lighthouse run
 * moves by several points with whatever else the machine is doing.
 * Prints performance and accessibility scores and the JavaScript a first load
 * sends, gzipped. Aim: performance ≥ 95, accessibility 100, JS ≤ 150 KB.
 * Then prints the first-load JS of every visitor and member screen (first-load-js.mjs).
 *
 *   --js-only     only the first-load JS table, without Lighthouse (seconds, not minutes)
 *   --root DIR    measure another checkout's build, e.g. a worktree of an older commit, so a
 *                 change's before and after are measured by the same script
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { gzippedBytes, measureFirstLoadJs } from './first-load-js.mjs';

const rootFlag = process.argv.indexOf('--root');
const root = rootFlag === -1 ? path.resolve(import.meta.dirname, '..') : path.resolve(process.argv[rootFlag + 1]);
const JS_ONLY = process.argv.includes('--js-only');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
// One slug per lander, across niches and languages, so each lander is measured as an ad would open it.
const LANDERS = [
  '/landers/video/eng',
  '/landers/gallery/milf-eng',
  '/landers/maplanding/nl',
  '/landers/alonetonight/she-de',
  '/landers/iconslanding/fr',
  '/landers/socialnetwork/gay-eng',
  '/landers/collagelanding/bbw-it',
  '/landers/transitionsvideolanding/gilf-pl',
];
const PAGES = ['/', '/login', ...LANDERS, '/pages/terms'];
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag === -1 ? 3 : Math.max(1, Number(process.argv[runsFlag + 1]) || 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-bench-pages-'));
const server = spawn('node', [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
    COOKIE_SECURE: 'false',
    // Production seeds nothing by default; the pages measured are the demo site's.
    SEED_DEMO: 'true',
    SEED_PROFILES: '300',
    LOG_LEVEL: 'warn',
  },
});

async function waitForHealth(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become healthy in time');
}

let chrome;
try {
  await waitForHealth();
  if (!JS_ONLY) await lighthouseTable();
  console.log('\nFirst-load JS per screen: what its HTML names (scripts, modulepreloads, inline imports), gzipped');
  console.table(await measureFirstLoadJs(BASE));
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function lighthouseTable() {
  const rows = [];
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
  for (const page of PAGES) {
    const runs = [];
    const failures = [];
    // A run that failed to record its trace (NO_NAVSTART on a busy machine) measured nothing, so it
    // is run again, a few times at most; a page that keeps failing is reported with its error.
    while (runs.length < RUNS && failures.length < RUNS) {
      const { lhr } = await lighthouse(`${BASE}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      });
      if (lhr.runtimeError) failures.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      else runs.push(lhr);
    }
    if (runs.length === 0) {
      rows.push({ page, error: failures[0] });
      continue;
    }
    const score = (lhr) => Math.round(lhr.categories.performance.score * 100);
    runs.sort((a, b) => score(a) - score(b));
    const lhr = runs[Math.floor((runs.length - 1) / 2)];
    const scripts = lhr.audits['network-requests'].details.items
      .filter((item) => item.resourceType === 'Script' && item.url.startsWith(BASE))
      .map((item) => item.url);
    rows.push({
      page,
      performance: score(lhr),
      'min–max': `${score(runs[0])}–${score(runs.at(-1))}`,
      runs: failures.length ? `${runs.length} (+${failures.length} failed)` : runs.length,
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      'first-load JS (KB gzip)': ((await gzippedBytes(scripts)) / 1024).toFixed(1),
      FCP: lhr.audits['first-contentful-paint'].displayValue,
      LCP: lhr.audits['largest-contentful-paint'].displayValue,
      TBT: lhr.audits['total-blocking-time'].displayValue,
      CLS: lhr.audits['cumulative-layout-shift'].displayValue,
      'failed a11y audits': Object.values(lhr.audits)
        .filter(
          (audit) => audit.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
        )
        .map((audit) => audit.id)
        .join(', '),
    });
  }
  console.log(
    `\nLighthouse (mobile), median of ${RUNS} runs, aim: performance ≥ 95, accessibility 100, first-load JS ≤ 150 KB gzip`,
  );
  console.table(rows);
}
