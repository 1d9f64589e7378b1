#!/usr/bin/env node
/**
 * `npm run bench:cluster`: chat delivery on the cluster (`npm run cluster`) while a node dies.
 * Two nodes behind HAProxy on PostgreSQL (a scratch schema) and Redis, 2,000 members each with
 * an event stream through the balancer, messages between random pairs at a steady rate; a third
 * of the way in one node is killed with SIGKILL and started again a few seconds later.
 *
 * The clients behave as the web app does: a stream that drops reconnects after the server's
 * `retry:` hint with Last-Event-ID, and after a refusal opens a new stream with `?last_event_id=`;
 * a send that got no answer (or a 5xx) is sent again with the same client key. Printed:
 * messages accepted (answered 200), delivered (reached the recipient's stream, live or caught up
 * after a reconnect), lost (accepted, never delivered: must be 0), duplicates (a message that
 * reached one member's streams twice: must be 0), stream drops and the time to reconnect,
 * sends that needed a retry, and errors clients saw besides those (must be 0).
 *
 * Options: --members 2000  --rate 100 (messages per second)  --duration 60 (seconds)
 *          --kill-at (seconds, default a third of the duration)  --down 5 (seconds the node stays dead)
 *          --nodes 2  --port 4790 (the balancer's; the nodes take the next ports)  --no-build
 *          --check (exit 1 unless nothing was lost, duplicated or failed: the test suite's short form)
 *          --verbose (the nodes' logs, warnings and errors, on this terminal)
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch schema in
 * it is dropped afterwards), REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildUnlessAsked,
  createScratchSchema,
  findHaproxy,
  seedBeforeStart,
  startCluster,
} from '../scripts/cluster.mjs';
import { errorCounter, inBatches, insertMembers, openBenchDatabase, root, summary } from './live-bench.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    'kill-at': { type: 'string' },
    down: { type: 'string', default: '5' },
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: '4790' },
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(values.members);
const RATE = Number(values.rate);
const DURATION_S = Number(values.duration);
const KILL_AT_S = values['kill-at'] === undefined ? DURATION_S / 3 : Number(values['kill-at']);
const DOWN_S = Number(values.down);
const PORT = Number(values.port);
const CREDITS = 100_000;
const HOST = '127.0.0.1';
const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';
/** How long a send is retried (no answer, 5xx) before it counts as failed: longer than a node's restart. */
const SEND_RETRY_FOR_MS = 30_000;
const SEND_RETRY_PAUSE_MS = 250;
/** What the web app waits after a refused stream, doubled per refusal (web/app/lib/live-events.tsx). */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 120_000;
/** After the last send, how long late deliveries (a stream still reconnecting) may take. */
const DRAIN_MS = 30_000;

if (!findHaproxy()) {
  console.error('HAProxy is missing: install it with `sudo apt-get install haproxy`.');
  process.exit(1);
}
buildUnlessAsked(values['no-build']);

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const scratch = await createScratchSchema(baseUrl);
const dataDir = path.join(root, 'bench/results/data', `cluster-${Date.now()}`);
let cluster;
const clients = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** One call through the balancer as `member`; resolves with status and parsed body, rejects on a network error. */
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
        response.on('end', () => {
          const json = response.headers['content-type']?.startsWith('application/json');
          resolve({ status: response.statusCode, body: text && json ? JSON.parse(text) : text });
        });
        response.on('error', reject);
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

/**
 * A member's tab: one event stream through the balancer that reconnects as a browser and the web
 * app do, counting each message id that reaches it.
 */
function createStreamClient(member, errors) {
  const client = {
    member,
    received: new Map(),
    drops: [],
    lastEventId: '',
    retryMs: 5_000,
    request: undefined,
    closed: false,
    connected: false,
  };

  function open(reopened, refusals) {
    if (client.closed) return;
    const query = reopened && client.lastEventId ? `?last_event_id=${client.lastEventId}` : '';
    let opened = false;
    const request = http.get(
      {
        host: HOST,
        port: PORT,
        path: `/api/events.php${query}`,
        agent: false,
        headers: {
          host: 'localhost',
          cookie: member.cookie,
          accept: 'text/event-stream',
          'x-forwarded-for': member.ip,
          ...(!reopened && client.lastEventId ? { 'last-event-id': client.lastEventId } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          // 502/503 while the balancer still routes to a dead node is part of a reconnect;
          // anything else (403, 429) is an error a member would see.
          if (response.statusCode < 500) errors.add(`stream ${response.statusCode}`);
          refused(refusals);
          return;
        }
        opened = true;
        client.connected = true;
        const drop = client.drops.at(-1);
        if (drop && drop.reconnectedAt === undefined) drop.reconnectedAt = performance.now();
        client.onOpen?.();
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type;
            let data;
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) client.lastEventId = line.slice(4);
              else if (line.startsWith('retry: ')) client.retryMs = Number(line.slice(7));
              else if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (type !== 'message' || data === undefined) continue;
            const { message } = JSON.parse(data);
            if (message.from === member.id) continue;
            client.received.set(message.id, (client.received.get(message.id) ?? 0) + 1);
            client.onMessage?.(message.id);
          }
        });
        // The stream ended under us (its node died): the browser reconnects after `retry`.
        response.once('close', () => {
          client.connected = false;
          if (client.closed) return;
          client.drops.push({ at: performance.now(), reconnectedAt: undefined });
          setTimeout(() => open(false, 0), client.retryMs);
        });
      },
    );
    client.request = request;
    request.once('error', () => {
      // The connection itself failed: the browser gives up on this EventSource, the app opens another.
      if (opened || client.closed) return;
      refused(refusals);
    });
  }

  function refused(refusals) {
    if (client.closed) return;
    if (client.drops.length === 0 || client.drops.at(-1).reconnectedAt !== undefined) {
      client.drops.push({ at: performance.now(), reconnectedAt: undefined });
    }
    const wait = Math.min(REOPEN_MAX_MS, REOPEN_MIN_MS * 2 ** refusals) * (0.5 + Math.random() / 2);
    setTimeout(() => open(true, refusals + 1), wait);
  }

  client.start = () =>
    new Promise((resolve) => {
      client.onOpen = () => {
        client.onOpen = undefined;
        resolve();
      };
      open(false, 0);
    });
  client.close = () => {
    client.closed = true;
    client.request?.destroy();
  };
  return client;
}

/** Sends one message as the web app does: one client key, sent again until answered (or given up). */
async function sendMessage(from, conversation, body, errors, retried) {
  const key = randomUUID();
  const deadline = performance.now() + SEND_RETRY_FOR_MS;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    let outcome;
    try {
      outcome = await call('POST', '/api/messages.php', from, { conversation, body, client_key: key });
    } catch (error) {
      outcome = { status: 0, error };
    }
    if (outcome.status === 200) {
      if (attempts > 1) retried.sends += 1;
      return outcome.body.message;
    }
    // 5xx and no answer at all leave the message waiting in the outbox, sent again; a refusal with a reason does not.
    const retryable = outcome.status === 0 || outcome.status >= 500;
    if (!retryable || performance.now() > deadline) {
      errors.add(
        outcome.status === 0 ? `send ${outcome.error.code ?? outcome.error.message}` : `send ${outcome.status}`,
      );
      return undefined;
    }
    retried.attempts.add(
      outcome.status === 0
        ? (outcome.error.code ?? 'network error')
        : `${outcome.status} ${outcome.body?.error?.code ?? 'from the balancer'}`,
    );
    await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_PAUSE_MS));
  }
}

let failed = false;
let cleaning;
/** Stops the cluster and drops the scratch schema, once, whether the run ended or was interrupted. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const client of clients) client.close();
    agent.destroy();
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
try {
  console.log(
    `Cluster of ${values.nodes} nodes behind HAProxy on http://${HOST}:${PORT}, PostgreSQL schema ${scratch.schema}`,
  );
  cluster = await startCluster({
    nodes: Number(values.nodes),
    port: PORT,
    databaseUrl: scratch.url,
    redisUrl,
    redisKeyPrefix: `rv-bench-${randomBytes(4).toString('hex')}:`,
    dataDir,
    env: { SEED_DEMO: 'false', SEED_PROFILES: '0' },
    nodeOutput: values.verbose ? 'inherit' : 'ignore',
    prepare: seedBeforeStart(1, dataDir),
    log: (line) => console.log(`  ${line}`),
  });

  const database = await openBenchDatabase({ DATABASE_URL: scratch.url });
  const site = await database.db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', 'localhost')
    .executeTakeFirstOrThrow();
  const members = await database.db
    .transaction()
    .execute((trx) => insertMembers(trx, { siteId: site.id, count: MEMBERS, credits: CREDITS, prefix: 'Cluster' }));

  const errors = errorCounter();
  /** Sends answered only after a retry, and what their failed attempts got. */
  const retried = { sends: 0, attempts: errorCounter() };
  const streamStarted = performance.now();
  clients.push(...members.map((member) => createStreamClient(member, errors)));
  await inBatches(clients, 100, (client) => client.start());
  console.log(
    `Opened ${clients.length} streams through the balancer in ${((performance.now() - streamStarted) / 1000).toFixed(1)} s`,
  );

  // Member i talks with member i + half: every member in one conversation.
  const half = Math.floor(members.length / 2);
  const pairs = await inBatches(members.slice(0, half), 50, async (member, index) => {
    const other = members[half + (index % half)];
    const started = await call('GET', `/api/chat.php?profile=${other.id}`, member);
    if (started.status !== 200) throw new Error(`starting a chat failed: ${started.status}`);
    return { a: member, b: other, conversation: started.body.id };
  });
  const clientOf = new Map(clients.map((client) => [client.member.id, client]));

  const victim = cluster.nodes.at(-1);
  console.log(
    `Sending ${RATE} messages/s for ${DURATION_S} s; ${victim.name} is killed (SIGKILL) at ${KILL_AT_S} s and started again ${DOWN_S} s later`,
  );
  const accepted = [];
  const started = performance.now();
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_S * 1000));
    await victim.kill('SIGKILL');
    console.log(`  ${victim.name} killed at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await new Promise((resolve) => setTimeout(resolve, DOWN_S * 1000));
    await victim.start();
    console.log(`  ${victim.name} healthy again at ${((performance.now() - started) / 1000).toFixed(1)} s`);
  })();

  const total = RATE * DURATION_S;
  const inFlight = new Set();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      for (; sent < due; sent += 1) {
        const pair = pairs[Math.floor(Math.random() * pairs.length)];
        const [from, to] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
        const send = sendMessage(from, pair.conversation, `Cluster ${sent}`, errors, retried).then((message) => {
          if (message) accepted.push({ id: message.id, to: to.id });
        });
        inFlight.add(send);
        send.finally(() => inFlight.delete(send));
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  await Promise.all(inFlight);
  await killer;
  const sendSeconds = (performance.now() - started) / 1000;

  // Late deliveries: streams still waiting to reconnect catch up when they do.
  const undelivered = () => accepted.filter((message) => !clientOf.get(message.to).received.has(message.id));
  const drainDeadline = performance.now() + DRAIN_MS;
  while (undelivered().length > 0 && performance.now() < drainDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const lost = undelivered().length;
  const duplicates = accepted.filter((message) => (clientOf.get(message.to).received.get(message.id) ?? 0) > 1).length;
  const drops = clients.flatMap((client) => client.drops);
  const reconnected = drops.filter((drop) => drop.reconnectedAt !== undefined);
  const stored = Number(
    (
      await database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );
  await database.destroy();

  console.log(
    `\nChat on a ${cluster.nodes.length}-node cluster with one node killed: ${clients.length} streams, ` +
      `${(accepted.length / sendSeconds).toFixed(0)} messages/s accepted; aim: none lost, no duplicates, no errors`,
  );
  console.table({
    messages: {
      accepted: accepted.length,
      delivered: accepted.length - lost,
      lost,
      duplicates,
      stored,
      'sends retried': retried.sends,
    },
  });
  console.table({
    'stream drops': {
      drops: drops.length,
      reconnected: reconnected.length,
      ...Object.fromEntries(
        Object.entries(summary(reconnected.map((drop) => drop.reconnectedAt - drop.at))).map(([name, ms]) => [
          `reconnect ${name} ms`,
          ms,
        ]),
      ),
    },
  });
  console.log(
    `Client errors besides reconnects and retried sends: ${errors.total}`,
    errors.size ? errors.toObject() : '',
  );
  if (retried.sends > 0) console.log('What the retried attempts got:', retried.attempts.toObject());
  console.table(Object.fromEntries(cluster.nodes.map((node) => [node.name, node.memoryMb()])));

  if (values.check) {
    const problems = [
      lost > 0 && `${lost} accepted messages were never delivered`,
      duplicates > 0 && `${duplicates} messages reached a member twice`,
      errors.total > 0 && `${errors.total} client errors`,
      reconnected.length < drops.length && `${drops.length - reconnected.length} streams never reconnected`,
      drops.length === 0 && 'no stream dropped, so the kill tested nothing',
    ].filter(Boolean);
    for (const problem of problems) console.error(`✗ ${problem}`);
    failed = problems.length > 0;
    if (!failed) console.log('✓ nothing lost, nothing twice, no errors, every dropped stream back');
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
