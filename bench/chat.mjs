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
import {
  benchEnvironment,
  buildUnlessAsked,
  createCaller,
  deliveryTimes,
  inBatches,
  insertMembers,
  liveBenchOptions,
  memoryMb,
  openMemberStreams,
  openSeededDatabase,
  sendAtSteadyRate,
  startChat,
  startServer,
  stopServer,
  summary,
  waitForHealth,
} from './live-bench.mjs';

const options = liveBenchOptions({ members: 2000, rate: 100, duration: 30 });
const { members: MEMBERS, rate: RATE, duration: DURATION_S } = options;
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const CREDITS = 10_000;
/** Time after the last send for late deliveries before a message counts as lost. */
const DRAIN_MS = 3_000;
const AIM = { p99: 50, rssMb: 300 };

const bench = benchEnvironment('chat', PORT);
buildUnlessAsked(options.noBuild);

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

  const streamStarted = Date.now();
  const { streams: memberStreams, delivered } = await openMemberStreams(PORT, members);
  streams.push(...memberStreams);
  const withStreams = memoryMb(server.pid);
  console.log(`Opened ${streams.length} streams in ${((Date.now() - streamStarted) / 1000).toFixed(1)} s`);

  // Member i talks with member i + half: every member in exactly one conversation.
  const half = Math.floor(members.length / 2);
  const pairs = await inBatches(members.slice(0, half), 50, async (member, index) => {
    const other = members[half + (index % half)];
    return { a: member, b: other, conversation: await startChat(call, member, other) };
  });
  console.log(`Started ${pairs.length} conversations; sending ${RATE} messages/s for ${DURATION_S} s`);

  const { sends, errors, achievedRate } = await sendAtSteadyRate(call, RATE, DURATION_S, (index) => {
    const pair = pairs[Math.floor(Math.random() * pairs.length)];
    return { from: Math.random() < 0.5 ? pair.a : pair.b, conversation: pair.conversation, body: `Bench ${index}` };
  });
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const loaded = memoryMb(server.pid);

  const { fromStart, fromAccepted, lost } = deliveryTimes(sends, delivered);

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
