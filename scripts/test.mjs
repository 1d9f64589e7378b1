#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order, then one summary of what ran and
 * what was skipped and why. Under CI=true nothing may be skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findHaproxy } from './cluster.mjs';

const CI = process.env.CI === 'true';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-test-reports-'));
const results = [];
const skipped = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const npx = (args, env) => ['npx', args, env];

if (!(await reachable(5432))) {
  if (CI) {
    console.error('PostgreSQL on 127.0.0.1:5432 is unreachable; CI runs every database test on it.');
    process.exit(1);
  }
  skipped.push('PostgreSQL database tests: nothing answers on 127.0.0.1:5432 (SQLite was tested)');
}

if (!(await reachable(6379))) {
  if (CI) {
    console.error('Redis on 127.0.0.1:6379 is unreachable; CI runs the event bus tests across nodes on it.');
    process.exit(1);
  }
  skipped.push('Redis event bus tests: nothing answers on 127.0.0.1:6379 (the in-process bus was tested)');
}

/**
 * The static checks in two lanes side by side (the machine has two cores): the type checks build
 * on one another, lint and format need nothing built. Each step's output is printed whole once it
 * ends, so the two lanes do not interleave.
 */
const staticLanes = [
  [
    ['types: contract and server', ...npx(['tsc', '-b', 'contract', 'server'])],
    ['types: server tests', ...npx(['tsc', '-p', 'server/tsconfig.test.json'])],
    ['types: route typegen', 'npm', ['run', 'typegen', '--workspace', 'web']],
    ['types: web', ...npx(['tsc', '-p', 'web', '--noEmit'])],
    ['types: service worker', ...npx(['tsc', '-p', 'web/sw'])],
    ['types: e2e and bench', ...npx(['tsc', '-p', 'e2e', '--noEmit'])],
  ],
  [
    ['lint', ...npx(['eslint', '.', '--max-warnings=0'])],
    ['format', ...npx(['prettier', '--check', '.'])],
  ],
];

function runBuffered(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      resolve();
    });
  });
}

let built;
/** The production build, made once for the steps that run it. */
const build = () => (built ??= run('build', 'npm', ['run', 'build']));

// The cluster's checks: two nodes behind HAProxy on PostgreSQL, Redis and a local S3-compatible store.
const clusterNeeds = [
  [findHaproxy(), 'HAProxy (sudo apt-get install -y haproxy)'],
  [await reachable(5432), 'PostgreSQL on 127.0.0.1:5432'],
  [await reachable(6379), 'Redis on 127.0.0.1:6379'],
].filter(([present]) => !present);
const clusterMissing = clusterNeeds.map(([, what]) => what).join(', ');
const SOAK_CHECK = 'soak on the cluster (bench:soak, 3 minutes)';
const NODE_KILLED_CHECK = 'cluster with a node killed (bench:cluster, short)';
if (clusterNeeds.length > 0 && CI) {
  console.error(`The cluster checks need ${clusterMissing}; CI has them.`);
  for (const name of [SOAK_CHECK, NODE_KILLED_CHECK]) results.push({ name, ok: false, seconds: '0' });
} else if (clusterNeeds.length > 0) {
  skipped.push(`cluster checks (soak, node killed): no ${clusterMissing}`);
}
const clusterReady = clusterNeeds.length === 0;

// The 3-minute soak (bench/soak.mjs): 1,000 members searching, liking, chatting and buying on the
// cluster; it fails on any error or a node whose memory keeps growing. It runs beside the static
// checks, which lose little by sharing the machine, and it checks errors and memory, not speed.
const soak =
  clusterReady && build()
    ? runBuffered(SOAK_CHECK, 'node', ['bench/soak.mjs', '--duration', '180', '--no-build', '--check'])
    : Promise.resolve();

// Vitest follows the static checks in the soak's shadow: the checks take about a third of its
// three minutes, and most of a vitest test's time is spent waiting on databases and sockets.
const checksThenVitest = async () => {
  await Promise.all(
    staticLanes.map(async (lane) => {
      for (const [name, command, args] of lane) await runBuffered(name, command, args);
    }),
  );
  await runBuffered(
    'unit and integration (vitest)',
    ...npx([
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest.json')}`,
    ]),
  );
};
await Promise.all([checksThenVitest(), soak]);

const chromium = fs.existsSync(CHROMIUM);
if (!chromium && CI) {
  console.error(`Chromium is missing at ${CHROMIUM}; CI installs it with apt-get.`);
  results.push({ name: 'browser tests (playwright)', ok: false, seconds: '0' });
} else if (!chromium) {
  skipped.push(`browser tests: no Chromium at ${CHROMIUM} (install it with: sudo apt-get install -y chromium)`);
} else if (build()) {
  run('browser tests (playwright)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
  });
}

// The cluster under a node's death (bench/cluster.mjs, short form): one node killed mid-run; it
// fails unless nothing was lost, doubled or refused.
if (clusterReady && build()) {
  run(NODE_KILLED_CHECK, 'node', [
    'bench/cluster.mjs',
    ...['--members', '300', '--rate', '30', '--duration', '20', '--no-build', '--check'],
  ]);
}

const vitest = readJson(path.join(reports, 'vitest.json'));
const playwright = readJson(path.join(reports, 'playwright.json'));
const counts = { passed: 0, failed: 0, skipped: 0 };
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (playwright) {
  counts.passed += playwright.stats.expected + playwright.stats.flaky;
  counts.failed += playwright.stats.unexpected;
  counts.skipped += playwright.stats.skipped;
}
const failedSteps = results.filter((result) => !result.ok);
counts.failed += failedSteps.filter(
  (step) => !step.name.includes('vitest') && !step.name.includes('playwright'),
).length;

/**
 * Each failed test with the first line of its reason. CI keeps only the log's tail, so the summary
 * must name what failed: a failure in a long log is otherwise lost.
 */
function failedTests(vitestReport, playwrightReport) {
  const firstLine = (text = '') =>
    stripVTControlCharacters(text)
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 200) ?? '';
  const failures = [];
  for (const file of vitestReport?.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failedAssertions = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedAssertions)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (file.status === 'failed' && failedAssertions.length === 0)
      failures.push(`${where}: ${firstLine(file.message)}`);
  }
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwrightReport?.suites ?? []) visit(suite);
  return failures;
}

console.log('\n──────── summary ────────');
for (const result of results) console.log(`${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds}s)`);
if (vitest) console.log(`  vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
if (playwright) console.log(`  playwright: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed`);
for (const failure of failedTests(vitest, playwright)) console.log(`  ✗ ${failure}`);
for (const reason of skipped) console.log(`⚠ skipped ${reason}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failedSteps.length > 0 || (CI && skipped.length > 0) ? 1 : 0);
