#!/usr/bin/env node
/**
 * `npm run bench:search`: seeds 100,000 and 1,000,000 profiles into SQLite and PostgreSQL,
 * starts the production server on each, logs in as a demo member and runs autocannon against
 * GET /api/search.php with filters varied per request (gender, age bucket, country, region,
 * page), then against a bare JSON route of the same server (/api/companyinfo.php: same hooks,
 * session included, no database work of its own). Prints requests per second, p50 and p99
 * latency, the ratio to the bare route and the CPU time per request of the server and, on
 * PostgreSQL, of the database's backends (user + system, from /proc; it moves less than req/s
 * when other work shares the machine). Before measuring, every
 * search the load can ask for is run once and a run under load warms the JIT: the figures are a
 * running site's, caches warm.
 * Aim (1,000,000 profiles, SQLite, 50 connections): ≥ 5,000 requests/s, p99 < 20 ms.
 *
 * Options: --sizes 100000,1000000  --dialects sqlite,postgres  --duration 15  --connections 50
 *          --no-build   --fresh (reseed even when a seeded database of that size exists)
 *          --cpu-prof (write a CPU profile of the server under load to bench/results/profiles)
 * Seeded databases are kept under bench/results/data (SQLite) and as PostgreSQL databases
 * rv_bench_<size>, so a second run skips the seeding.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'no-build': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const SIZES = options.sizes.split(',').map((size) => Number(size.replaceAll('_', '')));
const DIALECTS = options.dialects.split(',');
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEMO = { email: 'anna@demo.rendezvous.localhost', password: 'rendezvous-demo' };
/** Spec §9 age buckets as the filter form sends them. */
const AGE_BUCKETS = [
  [18, 100],
  [18, 25],
  [26, 35],
  [36, 45],
  [46, 55],
  [56, 65],
  [66, 100],
];
const PAGES = 5;
const AIM = { rps: 5000, p99: 20 };

const env = (extra) => ({
  ...process.env,
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
  COOKIE_SECURE: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  SEED_PROFILES: '0',
  // fetch() sends its own Host header, whatever it is given: the site is named by X-Forwarded-Host.
  TRUSTED_PROXIES: '127.0.0.1',
  ...extra,
});
/** The demo site, for fetch() (see TRUSTED_PROXIES above); autocannon sends the Host header itself. */
const SITE = { 'x-forwarded-host': 'localhost' };

function pgUrl(database) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Where a seeded database of this size lives, and whether it is already there. */
async function prepareDatabase(dialect, size) {
  const dataDir = path.join(root, 'bench/results/data', `${dialect}-${size}`);
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'rendezvous.sqlite');
    const ready = !options.fresh && fs.existsSync(path.join(dataDir, 'seeded'));
    if (!ready) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    return { ready, dataDir, extra: { DATA_DIR: dataDir, SQLITE_FILE: file } };
  }
  const name = `rv_bench_${size}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    const ready = !options.fresh && exists && fs.existsSync(path.join(dataDir, 'seeded'));
    if (!ready) {
      if (exists) await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    fs.mkdirSync(dataDir, { recursive: true });
    return { ready, dataDir, extra: { DATA_DIR: dataDir, DATABASE_URL: pgUrl(name) } };
  } finally {
    await admin.end();
  }
}

function seed(size, database) {
  console.log(
    `\nSeeding ${size.toLocaleString('en')} profiles (${database.extra.DATABASE_URL ? 'postgres' : 'sqlite'})`,
  );
  const started = Date.now();
  const result = spawnSync(
    'node',
    [path.join(root, 'server/dist/seed-cli.js'), '--profiles', String(size), '--site', 'localhost'],
    { cwd: root, stdio: 'inherit', env: env(database.extra) },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  fs.writeFileSync(path.join(database.dataDir, 'seeded'), String(Date.now() - started));
}

async function waitForHealth(server, deadline = Date.now() + 180_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the server did not become healthy in time');
}

/** Logs the demo member in the way the web app does and returns the cookie header to send. */
async function logIn() {
  const first = await fetch(`${BASE}/api/companyinfo.php`, { headers: SITE });
  const csrf = /rv_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!csrf) throw new Error('no CSRF cookie');
  const login = await fetch(`${BASE}/api/login.php`, {
    method: 'POST',
    headers: { ...SITE, 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `rv_csrf=${csrf}` },
    body: JSON.stringify(DEMO),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return `rv_csrf=${csrf}; ${session}`;
}

async function searchPlan(cookie) {
  const headers = { ...SITE, cookie };
  const settings = await (await fetch(`${BASE}/api/settings.php`, { headers })).json().catch(() => null);
  const regions = await (await fetch(`${BASE}/api/regions.php`, { headers })).json();
  const countries = settings?.countries ?? Object.keys(regions);
  const regionIds = Object.fromEntries(
    countries.map((country) => [country, (regions[country] ?? []).map((region) => region.id)]),
  );
  return { countries, regionIds };
}

function randomSearchPath({ countries, regionIds }) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const [minAge, maxAge] = pick(AGE_BUCKETS);
  const country = pick(countries);
  // Half the searches narrow to a region, as members near a city do.
  const region = Math.random() < 0.5 && regionIds[country]?.length ? pick(regionIds[country]) : 0;
  const params = new URLSearchParams({
    gender: pick(['male', 'female']),
    min_age: String(minAge),
    max_age: String(maxAge),
    country,
    countryregion: String(region),
    page: String(1 + Math.floor(Math.random() * PAGES)),
    manual_search: '1',
  });
  return `/api/search.php?${params}`;
}

/** Every search the load can ask for, once each: a running site has its common searches cached. */
async function warmUp(cookie, { countries, regionIds }) {
  const paths = [];
  for (const gender of ['male', 'female'])
    for (const [minAge, maxAge] of AGE_BUCKETS)
      for (const country of countries)
        for (const region of [0, ...(regionIds[country] ?? [])]) {
          const params = new URLSearchParams({
            gender,
            min_age: String(minAge),
            max_age: String(maxAge),
            country,
            countryregion: String(region),
            page: '1',
            manual_search: '1',
          });
          paths.push(`/api/search.php?${params}`);
        }
  const started = Date.now();
  const workers = Array.from({ length: 4 }, async (_, worker) => {
    for (let index = worker; index < paths.length; index += 4) {
      const response = await fetch(`${BASE}${paths[index]}`, { headers: { ...SITE, cookie } });
      if (!response.ok) throw new Error(`warm-up search failed: ${response.status}`);
      await response.arrayBuffer();
    }
  });
  await Promise.all(workers);
  console.log(`Warmed ${paths.length} searches in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function cannon(title, requestPath, cookie, plan) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { host: 'localhost', cookie, 'x-rendezvous-client': 'bench' },
        requests: [
          {
            method: 'GET',
            path: requestPath ?? '/',
            setupRequest: (request) => (plan ? { ...request, path: randomSearchPath(plan) } : request),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ title, result })),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** CPU seconds the server process has used (user + system), from /proc: steadier than req/s on a shared machine. */
function serverCpuSeconds(server) {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds PostgreSQL's backends for this database have used, from /proc (the database runs on
 * this machine): the share of each request the server's own figure leaves out. 0 for SQLite,
 * whose work is in the server's process.
 */
async function databaseCpuSeconds(database) {
  if (!database.extra.DATABASE_URL) return 0;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [
      new URL(database.extra.DATABASE_URL).pathname.slice(1),
    ]);
    let seconds = 0;
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        seconds += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // A backend that ended meanwhile.
      }
    }
    return seconds;
  } finally {
    await client.end();
  }
}

/** A run with the server's and the database's CPU time per request answered. */
async function measured(server, database, ...args) {
  const before = serverCpuSeconds(server);
  const databaseBefore = await databaseCpuSeconds(database);
  const run = await cannon(...args);
  const total = run.result.requests.total;
  run.cpuUsPerRequest = ((serverCpuSeconds(server) - before) * 1e6) / total;
  run.databaseCpuUsPerRequest = (((await databaseCpuSeconds(database)) - databaseBefore) * 1e6) / total;
  return run;
}

/** The server's own memory: SQLite's memory-mapped file pages (RssFile) belong to the OS page cache. */
function serverMemoryMb(server) {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

if (!options['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const rows = [];
for (const dialect of DIALECTS) {
  for (const size of SIZES) {
    const database = await prepareDatabase(dialect, size);
    if (!database.ready) seed(size, database);
    const profile = options['cpu-prof']
      ? ['--cpu-prof', '--cpu-prof-dir', path.join(root, 'bench/results/profiles')]
      : [];
    const server = spawn('node', [...profile, path.join(root, 'server/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: env(database.extra),
    });
    try {
      await waitForHealth(server);
      const cookie = await logIn();
      const plan = await searchPlan(cookie);
      await warmUp(cookie, plan);
      // And a run under load for the JIT, not measured.
      await cannon('warm-up', undefined, cookie, plan);
      const runs = [
        await measured(server, database, 'search', undefined, cookie, plan),
        await measured(server, database, 'bare', '/api/companyinfo.php', cookie),
      ];
      const [search, bare] = runs.map((run) => run.result);
      const [searchCpu, bareCpu] = runs.map((run) => Math.round(run.cpuUsPerRequest));
      const [searchDbCpu, bareDbCpu] = runs.map((run) => Math.round(run.databaseCpuUsPerRequest));
      const errors = search.errors + search.non2xx;
      rows.push({
        database: dialect,
        profiles: size.toLocaleString('en'),
        'search req/s': Math.round(search.requests.average),
        'search p50 ms': search.latency.p50,
        'search p99 ms': search.latency.p99,
        'search CPU µs/req': searchCpu,
        'search db CPU µs/req': searchDbCpu,
        'bare req/s': Math.round(bare.requests.average),
        'bare p99 ms': bare.latency.p99,
        'bare CPU µs/req': bareCpu,
        'bare db CPU µs/req': bareDbCpu,
        'search/bare': (search.requests.average / bare.requests.average).toFixed(2),
        'errors or non-2xx': errors,
        'server MB (anon)': serverMemoryMb(server),
      });
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
}

console.log(
  `\nGET /api/search.php, ${CONNECTIONS} connections, ${DURATION_S} s each; aim at 1,000,000 on SQLite: ` +
    `≥ ${AIM.rps} req/s and p99 < ${AIM.p99} ms`,
);
console.table(rows);
