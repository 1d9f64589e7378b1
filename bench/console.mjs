#!/usr/bin/env node
/**
 * `npm run bench:console`: the operator console's inbox under load (issue 15). Starts the
 * production server on a fresh SQLite database (with Redis when REDIS_URL is set), makes 2,000
 * members (each with a conversation with one of 40 personas, and an open event stream) and 20
 * operators (each with a console event stream, GET /api/console/events). Members write to
 * personas at a steady rate; the operators work the queue as people would with the keyboard:
 * take the next conversation, answer it, release it, and when the queue is empty wait for the
 * next "waiting" event. Measured:
 * - queue-to-screen: a member's message sent → the "waiting" event on each operator's stream
 *   (the console fetches the queue row on it);
 * - reply-to-member: an operator's reply sent → the member's stream carrying it;
 * - the queue call's own latency while the operators refresh it after events (at most every
 *   QUEUE_REFRESH_MS each, as the console does).
 * Aim: both p99 < 100 ms, nothing lost.
 *
 * Options: --members 2000  --operators 20  --personas 40  --rate 20 (messages per second)
 *          --duration 30 (seconds)  --no-build
 */
import {
  addressOf,
  benchEnvironment,
  buildUnlessAsked,
  clientCookie,
  createCaller,
  deliveryTimes,
  errorCounter,
  hashToken,
  inBatches,
  insertMembers,
  liveBenchOptions,
  memoryMb,
  newToken,
  openMemberStreams,
  openSeededDatabase,
  openStream,
  sendAtSteadyRate,
  startChat,
  startServer,
  stopServer,
  summary,
  waitForHealth,
} from './live-bench.mjs';

const options = liveBenchOptions({ members: 2000, operators: 20, personas: 40, rate: 20, duration: 30 });
const { members: MEMBERS, operators: OPERATORS, personas: PERSONAS, rate: RATE, duration: DURATION_S } = options;
const PORT = Number(process.env.BENCH_PORT ?? 3302);
const CREDITS = 10_000;
/** After the last send: time for late events and the operators to empty the queue. */
const DRAIN_MS = 5_000;
/** An operator with an empty queue looks again this often even without an event. */
const IDLE_LOOK_MS = 250;
/** The console fetches the queue again at most this often after events (a debounce). */
const QUEUE_REFRESH_MS = 250;
const AIM_P99_MS = 100;

const bench = benchEnvironment('console', PORT);
buildUnlessAsked(options.noBuild);

/** Operators with a completed two-factor login, assigned the site and English. */
async function insertOperators(trx, siteId) {
  const now = Date.now();
  const operators = [];
  for (let index = 0; index < OPERATORS; index += 1) {
    const email = `operator-${index}@bench.test`;
    const { id } = await trx
      .insertInto('staff')
      .values({
        email,
        email_normalized: email,
        name: `Operator ${index}`,
        password_hash: 'bench',
        role: 'operator',
        capacity: 5,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('staff_sites').values({ staff_id: id, site_id: siteId }).execute();
    await trx.insertInto('staff_languages').values({ staff_id: id, language: 'en' }).execute();
    const token = newToken();
    await trx
      .insertInto('staff_sessions')
      .values({ id: hashToken(token), staff_id: id, created_at: now, expires_at: now + 86_400_000, totp_at: now })
      .execute();
    operators.push({ id, cookie: clientCookie('rv_console', token), ip: addressOf(60_000 + index) });
  }
  return operators;
}

console.log(`Preparing ${MEMBERS.toLocaleString('en')} members, ${PERSONAS} personas, ${OPERATORS} operators`);
const { database, siteId } = await openSeededDatabase(bench);
const { members, personas, operators } = await database.db.transaction().execute(async (trx) => ({
  members: await insertMembers(trx, { siteId, count: MEMBERS, credits: CREDITS, prefix: 'Member' }),
  personas: await insertMembers(trx, { siteId, count: PERSONAS, credits: 0, prefix: 'Persona', fictional: true }),
  operators: await insertOperators(trx, siteId),
}));
await database.destroy();

const server = startServer(bench);
const { call, close } = createCaller(PORT);
const streams = [];
let running = true;
try {
  await waitForHealth(server, PORT);
  const idle = memoryMb(server.pid);

  /** Member message id → when each operator's stream carried its "waiting" event. */
  const seenByOperators = new Map();
  const wakeUps = new Set();
  const queueCalls = [];
  const operatorErrors = errorCounter();

  /** Reply message id → when the member's stream carried it. */
  const { streams: memberStreams, delivered: deliveredToMember } = await openMemberStreams(PORT, members);
  streams.push(...memberStreams);
  for (const operator of operators) {
    let refresh;
    streams.push(
      await openStream(PORT, '/api/console/events', operator, ['waiting'], (_type, event) => {
        const seen = seenByOperators.get(event.message.id) ?? [];
        seen.push(performance.now());
        seenByOperators.set(event.message.id, seen);
        for (const wake of wakeUps) wake();
        // What the queue screen does on events: fetch the queue, at most every QUEUE_REFRESH_MS.
        refresh ??= setTimeout(async () => {
          const started = performance.now();
          const response = await call('GET', '/api/console/inbox/queue', operator).catch((error) => ({ error }));
          if (response.status === 200) queueCalls.push(performance.now() - started);
          else operatorErrors.add(`queue ${response.status ?? response.error?.code}`);
          refresh = undefined;
        }, QUEUE_REFRESH_MS);
      }),
    );
  }
  const withStreams = memoryMb(server.pid);
  console.log(`Opened ${MEMBERS} member and ${OPERATORS} operator streams`);

  const conversations = await inBatches(members, 50, async (member, index) => ({
    member,
    conversation: await startChat(call, member, personas[index % personas.length]),
  }));

  const replies = [];
  /** One operator at the keyboard: take next, answer, release; wait for news when nothing waits. */
  async function work(operator) {
    while (running) {
      const next = await call('POST', '/api/console/inbox/next', operator);
      if (next.status !== 200) {
        operatorErrors.ofResponse(next);
        continue;
      }
      if (next.body.claim === null) {
        await new Promise((resolve) => {
          const wake = () => {
            wakeUps.delete(wake);
            resolve();
          };
          wakeUps.add(wake);
          setTimeout(wake, IDLE_LOOK_MS);
        });
        continue;
      }
      const conversation = next.body.claim.conversation;
      const record = { start: performance.now(), accepted: 0, id: 0 };
      const reply = await call('POST', `/api/console/inbox/conversations/${conversation}/reply`, operator, {
        body: 'Thank you for your message!',
      });
      if (reply.status === 200) {
        record.accepted = performance.now();
        record.id = reply.body.message.id;
        replies.push(record);
      } else {
        operatorErrors.ofResponse(reply);
      }
      const released = await call('DELETE', `/api/console/inbox/conversations/${conversation}/claim`, operator);
      if (released.status !== 200) operatorErrors.ofResponse(released);
    }
  }
  const working = Promise.all(operators.map((operator) => work(operator)));

  console.log(`Sending ${RATE} messages/s to personas for ${DURATION_S} s`);
  const {
    sends,
    errors: sendErrors,
    achievedRate,
  } = await sendAtSteadyRate(call, RATE, DURATION_S, (index) => {
    const { member, conversation } = conversations[Math.floor(Math.random() * conversations.length)];
    return { from: member, conversation, body: `Hello ${index}` };
  });
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  running = false;
  for (const wake of wakeUps) wake();
  await working;
  const loaded = memoryMb(server.pid);

  const queueFromStart = [];
  const queueFromAccepted = [];
  let unseen = 0;
  for (const send of sends) {
    const seen = seenByOperators.get(send.id) ?? [];
    if (seen.length < OPERATORS) unseen += OPERATORS - seen.length;
    for (const at of seen) {
      queueFromStart.push(at - send.start);
      // The event goes out before the answer does, so it may beat it: that is 0 ms.
      queueFromAccepted.push(Math.max(0, at - send.accepted));
    }
  }
  const {
    fromStart: replyFromStart,
    fromAccepted: replyFromAccepted,
    lost: repliesLost,
  } = deliveryTimes(replies, deliveredToMember);

  console.log(
    `\nOperator console: ${OPERATORS} operators, ${MEMBERS} members with open streams, ${sends.length} messages to ` +
      `personas at ${achievedRate.toFixed(1)}/s${process.env.REDIS_URL ? ' through Redis' : ' (in-process bus)'}; ` +
      `aim p99 < ${AIM_P99_MS} ms, nothing lost`,
  );
  console.table({
    'queue-to-screen (send start → operator stream)': summary(queueFromStart),
    'queue-to-screen (accepted → operator stream)': summary(queueFromAccepted),
    'reply-to-member (send start → member stream)': summary(replyFromStart),
    'reply-to-member (accepted → member stream)': summary(replyFromAccepted),
    'GET queue while working': summary(queueCalls),
  });
  console.table({
    'member messages': { sent: sends.length, 'operator deliveries missing': unseen, 'send errors': sendErrors.total },
    'operator replies': { sent: replies.length, 'missing at the member': repliesLost, errors: operatorErrors.total },
  });
  if (sendErrors.size > 0) console.log('Send errors:', sendErrors.toObject());
  if (operatorErrors.size > 0) console.log('Operator errors:', operatorErrors.toObject());
  console.table({
    'server RSS MB': { idle: idle.rss, 'streams open': withStreams.rss, 'after load': loaded.rss, peak: loaded.peak },
  });
} finally {
  running = false;
  for (const stream of streams) stream.destroy();
  close();
  await stopServer(server, bench.dataDir);
}
