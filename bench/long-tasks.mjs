#!/usr/bin/env node
/**
 * `npm run bench:long-tasks`: what blocks the main thread of issue 17's pages after their first
 * paint, and whose code it is. Lighthouse gives a page's Total Blocking Time but does not say
 * which code its long tasks ran. This loads each page `--runs N` times (default 5) in a fresh
 * browser profile (nothing cached, as Lighthouse loads it) at Lighthouse's phone size, unthrottled,
 * and records a trace with the CPU profiler. Of the run with the median blocking time it prints
 * the tasks after the first contentful paint that would block a phone, and what ran in them: the
 * samples are mapped through the build's source maps to a package or an app module.
 *
 * "Blocking" is Lighthouse's rule on its simulated phone: a task counts by its time × 4 (the CPU
 * slowdown) less 50 ms. Tasks of 12.5 ms or more here count. On a shared machine the totals move
 * between runs as much as Lighthouse's do; which code fills the tasks is what stays.
 *
 *   --runs N        loads per page (default 5)
 *   --min MS        list tasks of at least this many milliseconds (default 15)
 *   --pages A,B     only these of the pages in built-app.mjs
 *   --root DIR      another checkout's build; --no-build to measure the build as it is
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { browserCookies, countFromArgs, median, pagesFromArgs, rootFromArgs, startBuiltApp } from './built-app.mjs';
import { memberCookie, someMemberId } from './first-load-js.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3210);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = countFromArgs('--runs', 5);
const MIN_TASK_MS = countFromArgs('--min', 15);
/** Lighthouse's mobile CPU slowdown and the part of a task that does not block. */
const CPU_SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;
/** After the load event: the member's badge asks for the chats and likes 1 s after the member is known (spec §9). */
const SETTLE_MS = 4000;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

const root = rootFromArgs();
const assetsDir = path.join(root, 'web/build/client/assets');
/** Each built file's source map, read on its first sample. */
const sourceMaps = new Map();
const { base, stop } = await startBuiltApp({ root, port: PORT });
const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'], headless: true });
try {
  const cookie = await memberCookie(base);
  const memberId = await someMemberId(base, cookie);
  for (const { page: template, as } of pagesFromArgs()) {
    const url = `${base}${template.replace(':id', String(memberId))}`;
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(analyse(await traceLoad(url, as === 'member' ? cookie : undefined)));
    report(template, as, runs);
  }
} finally {
  await browser.close();
  stop();
}

async function traceLoad(url, cookie) {
  const context = await browser.createBrowserContext();
  try {
    if (cookie) await context.setCookie(...browserCookies(cookie, base));
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}`);
    return trace.traceEvents;
  } finally {
    await context.close();
  }
}

/** The page's tasks after its first contentful paint, each with the owners of its CPU samples. */
function analyse(events) {
  // Found from the paint: now and then a trace holds the page's navigationStart without its URL.
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The page never painted');
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.navigationId === paint.args?.data?.navigationId,
  );
  if (!navigation) throw new Error('The trace holds no start of the navigation that painted');
  const { pid, tid } = navigation;
  const samples = cpuSamples(events.filter((event) => event.pid === pid));
  const tasks = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.name === 'RunTask')
    .filter((task) => task.ts > paint.ts)
    .map((task) => ({
      startMs: (task.ts - navigation.ts) / 1000,
      ms: task.dur / 1000,
      owners: task.dur / 1000 >= MIN_TASK_MS ? ownersOf(samples, task.ts, task.ts + task.dur) : [],
    }));
  return {
    tasks,
    mainThreadMs: tasks.reduce((sum, task) => sum + task.ms, 0),
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.ms * CPU_SLOWDOWN - BLOCKING_AFTER_MS), 0),
  };
}

/** The profiler's samples in time order: when each was taken and the frame it was in. */
function cpuSamples(events) {
  const nodes = new Map();
  const samples = [];
  let time = 0;
  for (const event of events) {
    if (event.name === 'Profile') time = event.args.data.startTime;
    if (event.name !== 'ProfileChunk') continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      time += timeDeltas[index];
      samples.push({ ts: time, frame: nodes.get(id) });
    });
  }
  return samples;
}

/** The milliseconds of a task's samples by owner, largest first. */
function ownersOf(samples, from, to) {
  const inTask = samples.filter((sample) => sample.ts >= from && sample.ts <= to);
  const byOwner = new Map();
  inTask.forEach((sample, index) => {
    const ms = ((inTask[index + 1]?.ts ?? to) - sample.ts) / 1000;
    const owner = ownerOf(sample.frame);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
  });
  return [...byOwner].sort((a, b) => b[1] - a[1]);
}

/**
 * Who ran a sample: an npm package, an app module (as `app/lib/…`), the page's own inline
 * scripts, or the browser itself (style, layout, compiling, garbage collection: "(browser)").
 */
function ownerOf(frame) {
  if (!frame) return '(browser)';
  const file = /\/assets\/([^/?#]+\.js)/.exec(frame.url ?? '')?.[1];
  if (!file) return frame.url?.startsWith('http') ? '(page scripts)' : '(browser)';
  if (!sourceMaps.has(file)) {
    const mapPath = path.join(assetsDir, `${file}.map`);
    sourceMaps.set(
      file,
      fs.existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapPath, 'utf8'))) : null,
    );
  }
  const source = sourceMaps
    .get(file)
    ?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })?.source;
  if (!source) return file;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  return pkg ?? source.replace(/^(\.\.\/)+/, '').replace(/^web\//, '');
}

function report(page, as, runs) {
  const byBlocking = [...runs].sort((a, b) => a.blockingMs - b.blockingMs);
  const typical = byBlocking[Math.floor(byBlocking.length / 2)];
  console.log(
    `\n${page} (${as}): after the first paint, main thread ${Math.round(median(runs.map((run) => run.mainThreadMs)))} ms, ` +
      `blocking on a phone ${Math.round(typical.blockingMs)} ms (median of ${runs.length}: ` +
      `${byBlocking.map((run) => Math.round(run.blockingMs)).join(', ')})`,
  );
  const long = typical.tasks.filter((task) => task.ms >= MIN_TASK_MS);
  console.table(
    long.map((task) => ({
      'at ms': Math.round(task.startMs),
      ms: Number(task.ms.toFixed(1)),
      'blocks ms': Math.round(Math.max(0, task.ms * CPU_SLOWDOWN - BLOCKING_AFTER_MS)),
      'what ran (ms)': task.owners
        .slice(0, 4)
        .map(([owner, ms]) => `${owner} ${ms.toFixed(1)}`)
        .join(', '),
    })),
  );
  const total = new Map();
  for (const task of long) for (const [owner, ms] of task.owners) total.set(owner, (total.get(owner) ?? 0) + ms);
  console.log(
    `  In those tasks: ${[...total]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([owner, ms]) => `${owner} ${Math.round(ms)}`)
      .join(' · ')}`,
  );
}
