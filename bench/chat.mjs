#!/usr/bin/env node
/**
 * `npm run bench:chat`: live delivery of chat messages under load. Starts the production server
 * on a fresh SQLite database (with Redis when REDIS_URL is set), makes 2,000 members with
 * sessions and credits straight in the database, opens one event stream (GET /api/events.php)
 * per member, starts a conversation for each pair of members, then sends messages between
 * random pairs at a steady rate through POST /api/messages.php. For every message it measures
 * the time from the send being accepted (the POST answered) to the recipient's stream carrying
 * it, and from the send starting; it counts messages never delivered and reads the server's
 * memory. Aim: p99 < 50 ms, nothing lost, server RSS < 300 MB.
 *
 * Options: --members 2000  --rate 100 (messages per second)  --duration 30 (seconds)  --no-build
 * The members' connections come from one address, so the server trusts X-Forwarded-For from
 * 127.0.0.1 and each member sends its own: the per-address connect limit stays as in production.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '30' },
    'no-build': { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(options.members);
const RATE = Number(options.rate);
const DURATION_S = Number(options.duration);
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const HOST = '127.0.0.1';
const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';
const CREDITS = 10_000;
/** Time after the last send for late deliveries before a message counts as lost. */
const DRAIN_MS = 3_000;
const AIM = { p99: 50, rssMb: 300 };

const dataDir = path.join(root, 'bench/results/data', `chat-${Date.now()}`);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
  COOKIE_SECURE: 'false',
  LOG_LEVEL: 'warn',
  HOST,
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SQLITE_FILE: path.join(dataDir, 'rendezvous.sqlite'),
  SEED_DEMO: 'false',
  SEED_PROFILES: '0',
  TRUSTED_PROXIES: '127.0.0.1',
};

if (!options['no-build'] || !fs.existsSync(path.join(root, 'server/dist/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The sites (and one profile) through the seed command, then the members straight into the database. */
async function prepareDatabase() {
  fs.mkdirSync(dataDir, { recursive: true });
  const seeded = spawnSync('node', ['server/dist/seed-cli.js', '--profiles', '1', '--site', 'localhost'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the sites failed');

  const { openDatabase } = await import('../server/dist/db/database.js');
  const { grant } = await import('../server/dist/ledger/credit-ledger.js');
  const database = openDatabase({ dialect: 'sqlite', file: env.SQLITE_FILE });
  const { db } = database;
  const site = await db.selectFrom('sites').select('id').where('domain', '=', 'localhost').executeTakeFirstOrThrow();
  const members = [];
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < MEMBERS; index += 1) {
      const email = `bench-${index}@chat.bench`;
      const { id } = await trx
        .insertInto('members')
        .values({
          site_id: site.id,
          email,
          email_normalized: email,
          name: `Bench ${index}`,
          // Nobody logs in with a password: the sessions below are written directly.
          password_hash: 'bench',
          status: 'active',
          language: 'en',
          signup_at: now,
          last_active_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = randomBytes(32).toString('base64url');
      await trx
        .insertInto('sessions')
        .values({
          id: createHash('sha256').update(token).digest('hex'),
          member_id: id,
          created_at: now,
          expires_at: now + 86_400_000,
        })
        .execute();
      await grant(trx, id, CREDITS, 'purchase');
      members.push({
        id,
        cookie: `rv_csrf=${CSRF}; rv_session=${token}`,
        ip: `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
      });
    }
  });
  await database.destroy();
  return members;
}

async function waitForHealth(server, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://${HOST}:${PORT}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One API call over a pooled connection; resolves with status and parsed JSON. */
function call(method, requestPath, member, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: HOST,
        port: PORT,
        method,
        path: requestPath,
        agent,
        headers: {
          host: 'localhost',
          cookie: member.cookie,
          'x-csrf-token': CSRF,
          'x-rendezvous-client': 'bench',
          'x-forwarded-for': member.ip,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null }));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

/**
 * One member's stream on a socket of its own, parsed just enough to find message events: the
 * client side of 2,000 streams must stay cheap, or it would measure itself.
 */
function openStream(member, onMessage) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: HOST,
        port: PORT,
        path: '/api/events.php',
        agent: false,
        headers: {
          host: 'localhost',
          cookie: member.cookie,
          accept: 'text/event-stream',
          'x-forwarded-for': member.ip,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream refused: ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: message\n')) continue;
            const data = block.slice(block.indexOf('data: ') + 6);
            onMessage(JSON.parse(data).message);
          }
        });
        resolve(request);
      },
    );
    request.once('error', reject);
  });
}

/** In batches, so the connect burst does not look like an attack to the server's backlog. */
async function inBatches(items, size, task) {
  const results = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(items.slice(start, start + size).map((item, index) => task(item, start + index)))),
    );
  }
  return results;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

console.log(`Preparing ${MEMBERS.toLocaleString('en')} members in ${dataDir}`);
const members = await prepareDatabase();
const server = spawn('node', [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const streams = [];
try {
  await waitForHealth(server);
  const idle = memoryMb(server.pid);

  /** Message id → when the recipient's stream carried it. */
  const delivered = new Map();
  const streamStarted = Date.now();
  streams.push(
    ...(await inBatches(members, 200, (member) =>
      openStream(member, (message) => {
        if (message.from !== member.id) delivered.set(message.id, performance.now());
      }),
    )),
  );
  const withStreams = memoryMb(server.pid);
  console.log(`Opened ${streams.length} streams in ${((Date.now() - streamStarted) / 1000).toFixed(1)} s`);

  // Member i talks with member i + half: every member in exactly one conversation.
  const half = Math.floor(members.length / 2);
  const pairs = await inBatches(members.slice(0, half), 50, async (member, index) => {
    const other = members[half + (index % half)];
    const started = await call('GET', `/api/chat.php?profile=${other.id}`, member);
    if (started.status !== 200)
      throw new Error(`starting a chat failed: ${started.status} ${JSON.stringify(started.body)}`);
    return { a: member, b: other, conversation: started.body.id };
  });
  console.log(`Started ${pairs.length} conversations; sending ${RATE} messages/s for ${DURATION_S} s`);

  const sends = [];
  const errors = new Map();
  const total = RATE * DURATION_S;
  const sendStarted = performance.now();
  await new Promise((resolve) => {
    let sent = 0;
    let pending = 0;
    const tick = setInterval(() => {
      // Catch up to the schedule: timers fire late under load, the rate must not drop with them.
      const due = Math.min(total, Math.floor(((performance.now() - sendStarted) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        const pair = pairs[Math.floor(Math.random() * pairs.length)];
        const [from] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
        const record = { start: performance.now(), accepted: 0, id: 0 };
        pending += 1;
        call('POST', '/api/messages.php', from, { conversation: pair.conversation, body: `Bench ${sent}` })
          .then((response) => {
            if (response.status === 200) {
              record.accepted = performance.now();
              record.id = response.body.message.id;
              sends.push(record);
            } else {
              const key = `${response.status} ${response.body?.error?.code ?? ''}`;
              errors.set(key, (errors.get(key) ?? 0) + 1);
            }
          })
          .catch((error) => errors.set(error.code ?? error.message, (errors.get(error.code ?? error.message) ?? 0) + 1))
          .finally(() => {
            pending -= 1;
            if (sent >= total && pending === 0) resolve();
          });
      }
      if (sent >= total) clearInterval(tick);
    }, 5);
  });
  const achievedRate = sends.length / ((performance.now() - sendStarted) / 1000);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const loaded = memoryMb(server.pid);

  const fromAccepted = [];
  const fromStart = [];
  let lost = 0;
  for (const send of sends) {
    const at = delivered.get(send.id);
    if (at === undefined) {
      lost += 1;
      continue;
    }
    // The server publishes before it answers, so the event may beat the answer: that is 0 ms.
    fromAccepted.push(Math.max(0, at - send.accepted));
    fromStart.push(at - send.start);
  }
  fromAccepted.sort((x, y) => x - y);
  fromStart.sort((x, y) => x - y);
  const ms = (value) => Number(value.toFixed(1));
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);

  console.log(
    `\nLive chat delivery: ${streams.length} open streams, ${sends.length} messages at ${achievedRate.toFixed(0)}/s` +
      `${process.env.REDIS_URL ? ' through Redis' : ' (in-process bus)'}; aim p99 < ${AIM.p99} ms, none lost, RSS < ${AIM.rssMb} MB`,
  );
  console.table({
    'accepted → delivered': {
      p50: ms(percentile(fromAccepted, 50)),
      p99: ms(percentile(fromAccepted, 99)),
      max: ms(fromAccepted.at(-1) ?? NaN),
    },
    'send start → delivered': {
      p50: ms(percentile(fromStart, 50)),
      p99: ms(percentile(fromStart, 99)),
      max: ms(fromStart.at(-1) ?? NaN),
    },
  });
  console.table({
    messages: { sent: sends.length, delivered: sends.length - lost, lost, 'send errors': errorCount },
  });
  if (errors.size > 0) console.log('Send errors:', Object.fromEntries(errors));
  console.table({
    'server RSS MB': { idle: idle.rss, 'streams open': withStreams.rss, 'after load': loaded.rss, peak: loaded.peak },
  });
} finally {
  for (const stream of streams) stream.destroy();
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
