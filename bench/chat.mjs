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
 */
import { parseArgs } from 'node:util';
import {
  atSteadyRate,
  benchEnvironment,
  buildUnlessAsked,
  createCaller,
  errorCounter,
  inBatches,
  insertMembers,
  memoryMb,
  openSeededDatabase,
  openStream,
  startServer,
  stopServer,
  summary,
  waitForHealth,
} from './live-bench.mjs';

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
const CREDITS = 10_000;
/** Time after the last send for late deliveries before a message counts as lost. */
const DRAIN_MS = 3_000;
const AIM = { p99: 50, rssMb: 300 };

const bench = benchEnvironment('chat', PORT);
buildUnlessAsked(options['no-build']);

console.log(`Preparing ${MEMBERS.toLocaleString('en')} members in ${bench.dataDir}`);
const { database, siteId } = await openSeededDatabase(bench);
const members = await database.db
  .transaction()
  .execute((trx) => insertMembers(trx, { siteId, count: MEMBERS, credits: CREDITS, prefix: 'Bench' }));
await database.destroy();

const server = startServer(bench);
const { call, close } = createCaller(PORT);
const streams = [];
try {
  await waitForHealth(server, PORT);
  const idle = memoryMb(server.pid);

  /** Message id → when the recipient's stream carried it. */
  const delivered = new Map();
  const streamStarted = Date.now();
  streams.push(
    ...(await inBatches(members, 200, (member) =>
      openStream(PORT, '/api/events.php', member, ['message'], (_type, { message }) => {
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
  const errors = errorCounter();
  const sendStarted = performance.now();
  await atSteadyRate(RATE, RATE * DURATION_S, async (index) => {
    const pair = pairs[Math.floor(Math.random() * pairs.length)];
    const [from] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
    const record = { start: performance.now(), accepted: 0, id: 0 };
    try {
      const response = await call('POST', '/api/messages.php', from, {
        conversation: pair.conversation,
        body: `Bench ${index}`,
      });
      if (response.status !== 200) return errors.ofResponse(response);
      record.accepted = performance.now();
      record.id = response.body.message.id;
      sends.push(record);
    } catch (error) {
      errors.ofError(error);
    }
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

  console.log(
    `\nLive chat delivery: ${streams.length} open streams, ${sends.length} messages at ${achievedRate.toFixed(0)}/s` +
      `${process.env.REDIS_URL ? ' through Redis' : ' (in-process bus)'}; aim p99 < ${AIM.p99} ms, none lost, RSS < ${AIM.rssMb} MB`,
  );
  console.table({ 'accepted → delivered': summary(fromAccepted), 'send start → delivered': summary(fromStart) });
  console.table({
    messages: { sent: sends.length, delivered: sends.length - lost, lost, 'send errors': errors.total },
  });
  if (errors.size > 0) console.log('Send errors:', errors.toObject());
  console.table({
    'server RSS MB': { idle: idle.rss, 'streams open': withStreams.rss, 'after load': loaded.rss, peak: loaded.peak },
  });
} finally {
  for (const stream of streams) stream.destroy();
  close();
  await stopServer(server, bench.dataDir);
}
