/**
 * What the live-delivery benchmarks (chat.mjs, console.mjs) share: the production server on a
 * fresh SQLite database, members with sessions straight in the database, API calls and event
 * streams over plain node:http, and the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const root = path.resolve(import.meta.dirname, '..');
export const HOST = '127.0.0.1';
const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';

/** The command line: each option in `defaults` as `--name value` (a number when its default is), and --no-build. */
export function liveBenchOptions(defaults) {
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(
        Object.entries(defaults).map(([name, value]) => [name, { type: 'string', default: String(value) }]),
      ),
      'no-build': { type: 'boolean', default: false },
    },
  });
  const counts = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'number' ? Number(values[name]) : values[name],
    ]),
  );
  return { ...counts, noBuild: values['no-build'] };
}

export const hashToken = (token) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * The server's environment for one run. The bench's connections come from one address, so the
 * server trusts X-Forwarded-For from 127.0.0.1 and each client sends its own: the per-address
 * limits stay as in production.
 */
export function benchEnvironment(name, port) {
  const dataDir = path.join(root, 'bench/results/data', `${name}-${Date.now()}`);
  return {
    dataDir,
    port,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      SQLITE_FILE: path.join(dataDir, 'rendezvous.sqlite'),
      SEED_DEMO: 'false',
      SEED_PROFILES: '0',
      TRUSTED_PROXIES: '127.0.0.1',
    },
  };
}

export function buildUnlessAsked(noBuild) {
  if (noBuild && fs.existsSync(path.join(root, 'server/dist/main.js'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The run's database through the server's own layer: SQLite in the data dir, or PostgreSQL when `env` names DATABASE_URL. */
export async function openBenchDatabase(env) {
  const { openDatabase } = await import('../server/dist/db/database.js');
  return openDatabase(
    env.DATABASE_URL ? { dialect: 'postgres', url: env.DATABASE_URL } : { dialect: 'sqlite', file: env.SQLITE_FILE },
  );
}

/** The sites through the seed command, then the database opened for the bench's own rows. */
export async function openSeededDatabase({ dataDir, env }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const seeded = spawnSync('node', ['server/dist/seed-cli.js', '--profiles', '1', '--site', 'localhost'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the sites failed');
  const database = await openBenchDatabase(env);
  const site = await database.db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', 'localhost')
    .executeTakeFirstOrThrow();
  return { database, siteId: site.id };
}

/** `count` members with a session and `credits` each; each gets an address of its own. */
export async function insertMembers(trx, { siteId, count, credits, prefix, fictional = false }) {
  const { grant } = await import('../server/dist/ledger/credit-ledger.js');
  const now = Date.now();
  const members = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}-${index}@bench.test`;
    const { id } = await trx
      .insertInto('members')
      .values({
        site_id: siteId,
        email,
        email_normalized: email,
        name: `${prefix} ${index}`,
        // Nobody logs in with a password: the sessions below are written directly.
        password_hash: 'bench',
        status: 'active',
        language: 'en',
        fictional: fictional ? 1 : 0,
        signup_at: now,
        last_active_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (fictional) {
      members.push({ id });
      continue;
    }
    const token = newToken();
    await trx
      .insertInto('sessions')
      .values({ id: hashToken(token), member_id: id, created_at: now, expires_at: now + 86_400_000 })
      .execute();
    if (credits > 0) await grant(trx, id, credits, 'purchase');
    members.push({ id, cookie: `rv_csrf=${CSRF}; rv_session=${token}`, ip: addressOf(index) });
  }
  return members;
}

export const addressOf = (index) => `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`;
export const clientCookie = (name, token) => `rv_csrf=${CSRF}; ${name}=${token}`;

export function startServer({ env }) {
  return spawn('node', [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopServer(server, dataDir) {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export async function waitForHealth(server, port, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://${HOST}:${port}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

/**
 * API calls over pooled connections as `client` ({ cookie, ip }); a body is sent as JSON, or as a
 * form when it is URLSearchParams. Resolves with status and the parsed JSON (or the text).
 */
export function createCaller(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  function call(method, requestPath, client, body) {
    return new Promise((resolve, reject) => {
      const form = body instanceof URLSearchParams;
      const payload = body === undefined ? undefined : form ? body.toString() : JSON.stringify(body);
      const request = http.request(
        {
          host: HOST,
          port,
          method,
          path: requestPath,
          agent,
          headers: {
            host: 'localhost',
            ...(client.cookie ? { cookie: client.cookie } : {}),
            'x-csrf-token': CSRF,
            'x-rendezvous-client': 'bench',
            'x-forwarded-for': client.ip,
            ...(payload
              ? {
                  'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          const json = response.headers['content-type']?.startsWith('application/json');
          response.on('end', () =>
            resolve({ status: response.statusCode, body: text ? (json ? JSON.parse(text) : text) : null }),
          );
        },
      );
      request.once('error', reject);
      request.end(payload);
    });
  }
  return { call, close: () => agent.destroy() };
}

/**
 * One event stream on a socket of its own, parsed just enough to hand `onEvent(type, data)` the
 * events named in `types`: the client side of thousands of streams must stay cheap, or it would
 * measure itself. Resolves with the request (destroy it to close).
 */
export function openStream(port, streamPath, client, types, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: HOST,
        port,
        path: streamPath,
        agent: false,
        headers: {
          host: 'localhost',
          cookie: client.cookie,
          accept: 'text/event-stream',
          'x-forwarded-for': client.ip,
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
            if (!block.startsWith('event: ')) continue;
            const type = block.slice(7, block.indexOf('\n'));
            if (!types.includes(type)) continue;
            onEvent(type, JSON.parse(block.slice(block.indexOf('data: ') + 6)));
          }
        });
        resolve(request);
      },
    );
    request.once('error', reject);
  });
}

/**
 * One chat event stream per member (GET /api/events.php); `delivered` maps the id of each message
 * that reached its recipient to when it did.
 */
export async function openMemberStreams(port, members) {
  const delivered = new Map();
  const streams = await inBatches(members, 200, (member) =>
    openStream(port, '/api/events.php', member, ['message'], (_type, { message }) => {
      if (message.from !== member.id) delivered.set(message.id, performance.now());
    }),
  );
  return { streams, delivered };
}

/** The conversation's id, as the chat screen starts it from a profile. */
export async function startChat(call, member, other) {
  const started = await call('GET', `/api/chat.php?profile=${other.id}`, member);
  if (started.status !== 200)
    throw new Error(`starting a chat failed: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.id;
}

/**
 * Members' messages through POST /api/messages.php, `rate` a second for `durationS` seconds;
 * `pick(index)` names the sender, conversation and text of each. Every accepted send is
 * recorded with when it started, when it was accepted and the message's id.
 */
export async function sendAtSteadyRate(call, rate, durationS, pick) {
  const sends = [];
  const errors = errorCounter();
  const started = performance.now();
  await atSteadyRate(rate, rate * durationS, async (index) => {
    const { from, conversation, body } = pick(index);
    const record = { start: performance.now(), accepted: 0, id: 0 };
    try {
      const response = await call('POST', '/api/messages.php', from, { conversation, body });
      if (response.status !== 200) return errors.ofResponse(response);
      record.accepted = performance.now();
      record.id = response.body.message.id;
      sends.push(record);
    } catch (error) {
      errors.ofError(error);
    }
  });
  return { sends, errors, achievedRate: sends.length / ((performance.now() - started) / 1000) };
}

/** How long each recorded send took to arrive (`delivered`: id → when), from its start and from its acceptance. */
export function deliveryTimes(sends, delivered) {
  const fromStart = [];
  const fromAccepted = [];
  let lost = 0;
  for (const send of sends) {
    const at = delivered.get(send.id);
    if (at === undefined) {
      lost += 1;
      continue;
    }
    fromStart.push(at - send.start);
    // The server publishes before it answers, so the event may beat the answer: that is 0 ms.
    fromAccepted.push(Math.max(0, at - send.accepted));
  }
  return { fromStart, fromAccepted, lost };
}

/** In batches, so a connect burst does not look like an attack to the server's backlog. */
export async function inBatches(items, size, task) {
  const results = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(items.slice(start, start + size).map((item, index) => task(item, start + index)))),
    );
  }
  return results;
}

/**
 * Calls `send(index)` `rate` times a second until `total`, catching up when timers fire late
 * under load (the rate must not drop with them); resolves when every send has settled.
 */
export function atSteadyRate(rate, total, send) {
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let pending = 0;
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        pending += 1;
        send(sent).finally(() => {
          pending -= 1;
          if (sent >= total && pending === 0) resolve();
        });
      }
      if (sent >= total) clearInterval(tick);
    }, 5);
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50, p99 and max of some durations, in ms with one decimal. */
export function summary(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const ms = (value) => Number(value.toFixed(1));
  return { p50: ms(percentile(sorted, 50)), p99: ms(percentile(sorted, 99)), max: ms(sorted.at(-1) ?? NaN) };
}

export function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** Counts failed calls by status and code (or network error). */
export function errorCounter() {
  const errors = new Map();
  return {
    add(key) {
      errors.set(key, (errors.get(key) ?? 0) + 1);
    },
    ofResponse(response) {
      this.add(`${response.status} ${response.body?.error?.code ?? ''}`);
    },
    ofError(error) {
      this.add(error.code ?? error.message);
    },
    get total() {
      return [...errors.values()].reduce((sum, count) => sum + count, 0);
    },
    get size() {
      return errors.size;
    },
    toObject: () => Object.fromEntries(errors),
  };
}
