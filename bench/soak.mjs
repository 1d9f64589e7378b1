#!/usr/bin/env node
/**
 * `npm run bench:soak`: the cluster (`npm run cluster`: two nodes behind HAProxy on PostgreSQL,
 * Redis and a local S3-compatible server) under a steady crowd for a long while. 1,000 simulated
 * members, each with a session and an event stream, do what members do, one call every few
 * seconds each: search (with paging), open profiles, like and unlike, read their likes, write in
 * their chat, and now and then buy credits through the test checkout (which answers on whichever
 * node the balancer picks). Every minute it prints the calls made, the errors, each call's p99 in
 * that minute and each node's memory; at the end the totals. A leak shows as memory that keeps
 * climbing from one minute to the next.
 *
 * Options: --members 1000  --duration 1800 (seconds)  --rate 100 (calls per second, all members)
 *          --profiles 20000 (seeded for search)  --nodes 2  --port 4795  --report 60 (seconds)
 *          --no-build  --check (exit 1 on any error, or a node whose memory grew by more than a
 *          third from the first report to the last)
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch schema in
 * it is dropped afterwards), REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildUnlessAsked,
  createScratchSchema,
  findHaproxy,
  seedBeforeStart,
  startCluster,
} from '../scripts/cluster.mjs';
import {
  createCaller,
  errorCounter,
  inBatches,
  insertMembers,
  openBenchDatabase,
  openStream,
  percentile,
  root,
} from './live-bench.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '1800' },
    rate: { type: 'string', default: '100' },
    profiles: { type: 'string', default: '20000' },
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: '4795' },
    report: { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(values.members);
const DURATION_S = Number(values.duration);
const RATE = Number(values.rate);
const PORT = Number(values.port);
const REPORT_S = Number(values.report);
/** A node's memory may grow by this share between the first report and the last before --check fails. */
const MEMORY_GROWTH_ALLOWED = 1 / 3;

if (!findHaproxy()) {
  console.error('HAProxy is missing: install it with `sudo apt-get install haproxy`.');
  process.exit(1);
}
buildUnlessAsked(values['no-build']);

const scratch = await createScratchSchema(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const dataDir = path.join(root, 'bench/results/data', `soak-${Date.now()}`);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let cluster;
const streams = [];
const caller = createCaller(PORT);
let failed = false;
let cleaning;
/** Stops the cluster and drops the scratch schema, once, whether the run ended or was interrupted. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const stream of streams) stream?.destroy?.();
    caller.close();
    await cluster?.stop();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  })());
// Ctrl-C leaves no node, balancer or schema behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** One call, timed on its own: [name, response, ms]. */
async function timed(name, method, requestPath, member, body) {
  const started = performance.now();
  const response = await caller.call(method, requestPath, member, body);
  return [name, response, performance.now() - started];
}

/** What members do, with how often (weights) and the calls each makes. */
function actions({ members, profiles, conversations }) {
  const search = async (member) => {
    const query = new URLSearchParams({
      gender: pick(['male', 'female']),
      min_age: '18',
      max_age: String(pick([45, 65, 100])),
      country: 'NL',
      countryregion: '0',
      page: String(1 + Math.floor(Math.random() * 3)),
      manual_search: '1',
    });
    return [await timed('search', 'GET', `/api/search.php?${query}`, member)];
  };
  const profile = async (member) => [await timed('profile', 'GET', `/api/member.php?id=${pick(profiles)}`, member)];
  const like = async (member) => {
    const target = { profile: pick(profiles) };
    return [
      await timed('like', 'POST', '/api/likes.php', member, target),
      await timed('unlike', 'DELETE', '/api/likes.php', member, target),
    ];
  };
  const likes = async (member) => [await timed('likes', 'GET', '/api/likes.php', member)];
  const chat = async (member) => {
    const { conversation } = conversations.get(member.id);
    return [
      await timed('chat send', 'POST', '/api/messages.php', member, {
        conversation,
        body: 'Hello',
        client_key: randomUUID(),
      }),
      await timed('chat read', 'GET', `/api/messages.php?conversation=${conversation}`, member),
    ];
  };
  const purchase = async (member) => {
    const order = await timed('purchase order', 'POST', '/api/orders.php', member, {
      package: 'starter',
      method: 'card',
      country: 'NL',
      immediate_delivery: true,
    });
    if (order[1].status !== 200) return [order];
    const url = new URL(order[1].body.redirect_url);
    const page = await timed('purchase checkout', 'GET', url.pathname + url.search, member);
    const form = new URLSearchParams({
      order: url.searchParams.get('order'),
      sig: url.searchParams.get('sig'),
      outcome: 'paid',
    });
    const [name, decided, ms] = await timed('purchase pay', 'POST', url.pathname, member, form);
    // The button answers as a processor does: a redirect back to the site.
    return [order, page, [name, { ...decided, status: decided.status === 303 ? 200 : decided.status }, ms]];
  };
  const weighted = [
    [search, 40],
    [profile, 20],
    [like, 12],
    [likes, 8],
    [chat, 18],
    [purchase, 2],
  ];
  const table = weighted.flatMap(([action, weight]) => Array(weight).fill(action));
  return () => pick(table)(pick(members));
}

try {
  console.log(
    `Soak on a ${values.nodes}-node cluster on http://127.0.0.1:${PORT}, PostgreSQL schema ${scratch.schema}`,
  );
  cluster = await startCluster({
    nodes: Number(values.nodes),
    port: PORT,
    databaseUrl: scratch.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: `rv-soak-${randomBytes(4).toString('hex')}:`,
    dataDir,
    // The test checkout is refused in production: the nodes run as `npm start` does, built.
    env: {
      NODE_ENV: 'development',
      PAYMENT_DEV_PROVIDER: 'true',
      SEED_DEMO: 'false',
      SEED_PROFILES: '0',
      PAYMENT_NOTIFY_PER_MINUTE: '100000',
    },
    prepare: seedBeforeStart(values.profiles, dataDir),
    log: (line) => console.log(`  ${line}`),
  });

  const database = await openBenchDatabase({ DATABASE_URL: scratch.url });
  const site = await database.db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', 'localhost')
    .executeTakeFirstOrThrow();
  // The seeded profiles others may see and like (before the soak's own members join them).
  const profiles = (
    await database.db
      .selectFrom('members')
      .select('id')
      .where('site_id', '=', site.id)
      .where('fictional', '=', 0)
      .where('status', '=', 'active')
      .limit(5000)
      .execute()
  ).map((row) => row.id);
  const members = await database.db
    .transaction()
    .execute((trx) => insertMembers(trx, { siteId: site.id, count: MEMBERS, credits: 100_000, prefix: 'Soak' }));
  await database.destroy();

  const streamErrors = errorCounter();
  streams.push(
    ...(await inBatches(members, 100, (member) =>
      openStream(PORT, '/api/events.php', member, [], () => undefined).catch((error) => streamErrors.ofError(error)),
    )),
  );
  const half = Math.floor(members.length / 2);
  const conversations = new Map();
  await inBatches(members.slice(0, half), 50, async (member, index) => {
    const other = members[half + index];
    const started = await caller.call('GET', `/api/chat.php?profile=${other.id}`, member);
    if (started.status !== 200) throw new Error(`starting a chat failed: ${started.status}`);
    conversations.set(member.id, { conversation: started.body.id });
    conversations.set(other.id, { conversation: started.body.id });
  });
  console.log(`${members.length} members with streams and chats; ${RATE} calls/s for ${DURATION_S} s`);

  const next = actions({ members, profiles, conversations });
  const totals = new Map();
  const errors = errorCounter();
  let minute = new Map();
  const reports = [];
  const record = (name, response, ms) => {
    for (const map of [totals, minute]) {
      if (!map.has(name)) map.set(name, []);
      map.get(name).push(ms);
    }
    if (response.status < 200 || response.status >= 300)
      errors.add(`${name} ${response.status} ${response.body?.error?.code ?? ''}`);
  };
  const started = performance.now();
  const report = () => {
    const memory = Object.fromEntries(cluster.nodes.map((node) => [`${node.name} MB`, node.memoryMb().rss]));
    const p99 = Object.fromEntries(
      [...minute].map(([name, times]) => [
        name,
        percentile(
          [...times].sort((a, b) => a - b),
          99,
        ).toFixed(0),
      ]),
    );
    const calls = [...minute.values()].reduce((sum, times) => sum + times.length, 0);
    reports.push(memory);
    console.log(
      `${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s: ${calls} calls, ${errors.total} errors so far, ` +
        `${Object.entries(memory)
          .map(([name, mb]) => `${name} ${mb}`)
          .join(', ')}; p99 ms ${JSON.stringify(p99)}`,
    );
    minute = new Map();
  };
  const reporter = setInterval(report, REPORT_S * 1000);

  const total = RATE * DURATION_S;
  const inFlight = new Set();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        const action = next()
          .then((calls) => {
            for (const [name, response, ms] of calls) record(name, response, ms);
          })
          .catch((error) => errors.ofError(error));
        inFlight.add(action);
        action.finally(() => inFlight.delete(action));
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  clearInterval(reporter);
  report();

  console.log(`\nSoak: ${members.length} members, ${sent} actions in ${DURATION_S} s on ${cluster.nodes.length} nodes`);
  console.table(
    Object.fromEntries(
      [...totals].map(([name, times]) => {
        const sorted = [...times].sort((a, b) => a - b);
        return [
          name,
          {
            calls: sorted.length,
            'p50 ms': percentile(sorted, 50).toFixed(1),
            'p99 ms': percentile(sorted, 99).toFixed(1),
          },
        ];
      }),
    ),
  );
  console.log(
    `Errors: ${errors.total}`,
    errors.size ? errors.toObject() : '',
    streamErrors.size ? streamErrors.toObject() : '',
  );
  if (values.check) {
    const first = reports[0];
    const last = reports.at(-1);
    const grew = Object.keys(first).filter((name) => last[name] > first[name] * (1 + MEMORY_GROWTH_ALLOWED));
    for (const name of grew) console.error(`✗ ${name} grew from ${first[name]} to ${last[name]}`);
    if (errors.total + streamErrors.total > 0) console.error(`✗ ${errors.total + streamErrors.total} errors`);
    failed = grew.length > 0 || errors.total + streamErrors.total > 0;
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
