#!/usr/bin/env node
/**
 * `npm run bench:payments`: payment notifications under load (issue 16). Starts the built server
 * on a fresh database (SQLite; PostgreSQL with `--dialects postgres`), makes members with sessions
 * straight in the database, then 10,000 orders through POST /api/orders.php as a member would.
 * The dev processor's notifications for them then arrive at its notify route from one address,
 * 50 in flight, shuffled (a `pending` after its `paid`, a `paid` after a `failed`), with 30% of
 * the events sent two or three times, some copies at the same moment. Prints notifications per
 * second and the time each took to answer, then reconciles the database: the purchase rows of
 * the ledger add up to exactly the credits of the paid orders, one row per paid order, and every
 * order ends where its story says. Exits non-zero when anything does not add up.
 *
 * The dev processor is refused in production, so the server runs as `npm start` runs it (built,
 * NODE_ENV unset), with PAYMENT_NOTIFY_PER_MINUTE raised: the bench measures the processing, not
 * the per-address limit in front of it.
 *
 * Options: --orders 10000  --members 1000  --concurrency 50  --dialects sqlite,postgres  --no-build
 */
import { ORDERS_PATH, paymentNotifyPath } from '@rendezvous/contract';
import pg from 'pg';
import {
  benchEnvironment,
  buildUnlessAsked,
  createCaller,
  errorCounter,
  insertMembers,
  liveBenchOptions,
  openBenchDatabase,
  openSeededDatabase,
  startServer,
  stopServer,
  summary,
  waitForHealth,
} from './live-bench.mjs';

const options = liveBenchOptions({ orders: 10_000, members: 1_000, concurrency: 50, dialects: 'sqlite' });
const { orders: ORDERS, members: MEMBERS, concurrency: CONCURRENCY } = options;
const PORT = Number(process.env.BENCH_PORT ?? 3303);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DATABASE = 'rv_bench_payments';
/** Orders placed at once: members ordering, not the load being measured. */
const ORDER_CONCURRENCY = 20;
/** Share of the provider's events it sends more than once (each repeat is sent 2 or 3 times in all). */
const DUPLICATED = 0.3;
/** What is bought, for a spread of amounts, currencies and credits (the seeded localhost site's packages). */
const PURCHASES = [
  { package: 'starter', country: 'NL' },
  { package: 'regular', country: 'DE' },
  { package: 'plus', country: 'GB' },
  { package: 'regular', country: 'BE' },
];
/** What becomes of the orders at the processor, as shares; each state is one signed event. */
const STORIES = [
  { share: 0.7, states: ['pending', 'paid'] },
  { share: 0.1, states: ['pending', 'failed'] },
  { share: 0.05, states: ['pending', 'cancelled'] },
  // Money that arrives after the payment was reported failed still counts.
  { share: 0.1, states: ['pending', 'failed', 'paid'] },
  { share: 0.05, states: ['pending'] },
];
/** The processor's one address: all its notifications come from there. */
const PROVIDER = { ip: '203.0.113.7' };

buildUnlessAsked(options.noBuild);
let exact = true;
for (const dialect of options.dialects.split(',')) exact = (await runOn(dialect)) && exact;
if (!exact) process.exitCode = 1;

async function runOn(dialect) {
  const bench = benchEnvironment(`payments-${dialect}`, PORT);
  bench.env = {
    ...bench.env,
    NODE_ENV: 'development',
    PAYMENT_DEV_PROVIDER: 'true',
    PAYMENT_NOTIFY_PER_MINUTE: String(1_000_000_000),
    ...(dialect === 'postgres' ? { DATABASE_URL: await freshPostgres() } : {}),
  };
  console.log(`\n${dialect}: preparing ${MEMBERS.toLocaleString('en')} members in ${bench.dataDir}`);
  const seeded = await openSeededDatabase(bench);
  const members = await seeded.database.db
    .transaction()
    .execute((trx) => insertMembers(trx, { siteId: seeded.siteId, count: MEMBERS, credits: 0, prefix: 'Buyer' }));
  await seeded.database.destroy();

  const server = startServer(bench);
  const { call, close } = createCaller(PORT);
  let database;
  try {
    await waitForHealth(server, PORT);
    // The bench's own view of the data, for the processor's references and the reconciliation.
    database = await openBenchDatabase(bench.env);
    const orders = await placeOrders(call, members);
    const { sends, planned, pendingAfterPaid } = await notificationsFor(database.db, orders, bench.env.SESSION_SECRET);
    console.log(
      `${dialect}: sending ${sends.reduce((sum, send) => sum + send.copies, 0).toLocaleString('en')} notifications ` +
        `(${planned.events.toLocaleString('en')} events, ${pendingAfterPaid} pending after their paid), ${CONCURRENCY} in flight`,
    );
    const { latencies, byState, errors, perSecond } = await sendNotifications(call, sends);

    console.log(
      `\nPayment notifications (${dialect}): ${ORDERS.toLocaleString('en')} orders of ${MEMBERS.toLocaleString('en')} members, ` +
        `${latencies.length.toLocaleString('en')} notifications, ${CONCURRENCY} in flight, ${DUPLICATED * 100}% of events repeated`,
    );
    console.table({
      'notify route': { 'notifications/s': Math.round(perSecond), ...summary(latencies), errors: errors.total },
      ...Object.fromEntries(
        [...byState].map(([state, times]) => [`  ${state}`, { count: times.length, ...summary(times) }]),
      ),
    });
    if (errors.size > 0) console.log('Notify errors:', errors.toObject());
    const differences = await reconcile(database.db, orders, planned);
    console.log(differences.length === 0 ? 'reconciliation: exact' : `reconciliation: ${differences.join('; ')}`);
    return differences.length === 0 && errors.total === 0;
  } finally {
    close();
    await database?.destroy();
    await stopServer(server, bench.dataDir);
  }
}

/** A database of its own on the PostgreSQL server, empty for each run. */
async function freshPostgres() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
    await admin.query(`create database ${PG_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

/** The orders through the API, each member in turn; returns each order with its story. */
async function placeOrders(call, members) {
  const started = performance.now();
  const stories = STORIES.flatMap((story) => Array.from({ length: Math.round(story.share * 100) }, () => story.states));
  const orders = await inPool(
    Array.from({ length: ORDERS }, (_, index) => index),
    ORDER_CONCURRENCY,
    async (index) => {
      const member = members[index % members.length];
      const purchase = PURCHASES[index % PURCHASES.length];
      const response = await call('POST', ORDERS_PATH, member, {
        ...purchase,
        method: 'card',
        immediate_delivery: true,
      });
      if (response.status !== 200)
        throw new Error(`ordering failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { ...response.body.order, member: member.id, story: stories[index % stories.length] };
    },
  );
  console.log(
    `Placed ${orders.length.toLocaleString('en')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return orders;
}

/**
 * Every order's events as the dev processor signs them, shuffled, with the repeats: some copies
 * sent at the same moment, the others anywhere in the run. `planned` is what should come of it.
 */
async function notificationsFor(db, orders, sessionSecret) {
  const { createDevProvider } = await import('../server/dist/platform/payments/dev/dev-provider.js');
  const processor = createDevProvider({ sessionSecret });
  const references = new Map(
    (await db.selectFrom('orders').select(['id', 'provider_reference']).execute()).map((row) => [
      row.id,
      row.provider_reference,
    ]),
  );
  const sends = [];
  let events = 0;
  for (const order of orders) {
    for (const state of order.story) {
      events += 1;
      const fields = new URLSearchParams(
        processor.sign({
          order: String(order.id),
          reference: references.get(order.id),
          transaction: `tx-${order.id}`,
          state,
          amount: String(order.gross.amount),
          currency: order.gross.currency,
        }),
      );
      const event = { order: order.id, state, fields };
      if (Math.random() >= DUPLICATED) sends.push({ ...event, copies: 1 });
      else if (Math.random() < 0.5) sends.push({ ...event, copies: 2 + Math.floor(Math.random() * 2) });
      else for (let copy = 2 + Math.floor(Math.random() * 2); copy > 0; copy -= 1) sends.push({ ...event, copies: 1 });
    }
  }
  shuffle(sends);
  const paidAt = new Map();
  let pendingAfterPaid = 0;
  for (const [position, send] of sends.entries()) {
    if (send.state === 'paid' && !paidAt.has(send.order)) paidAt.set(send.order, position);
    if (send.state === 'pending' && paidAt.has(send.order)) pendingAfterPaid += 1;
  }
  return { sends, planned: { events }, pendingAfterPaid };
}

/**
 * The sends, `CONCURRENCY` calls in flight (copies sent together count one each); each call's
 * time, and the times by the event's state, to show which kind of event makes the tail.
 */
async function sendNotifications(call, sends) {
  const latencies = [];
  const byState = new Map();
  const errors = errorCounter();
  const started = performance.now();
  await inPool(sends, CONCURRENCY, (send) =>
    Promise.all(
      Array.from({ length: send.copies }, async () => {
        const start = performance.now();
        try {
          const response = await call('POST', paymentNotifyPath('dev'), PROVIDER, send.fields);
          const latency = performance.now() - start;
          latencies.push(latency);
          byState.set(send.state, [...(byState.get(send.state) ?? []), latency]);
          if (response.status !== 200) errors.ofResponse(response);
        } catch (error) {
          errors.ofError(error);
        }
      }),
    ),
  );
  return { latencies, byState, errors, perSecond: latencies.length / ((performance.now() - started) / 1000) };
}

/** What the database says against what the orders' stories say; each difference as a sentence. */
async function reconcile(db, orders, planned) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'member_id', 'state', 'package_credits', 'bonus_credits'])
    .execute();
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['member_id', 'reference', 'delta'])
    .where('reason', '=', 'purchase')
    .execute();
  const paidEvents = await db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.count('order_id').distinct().as('orders'))
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  const storedEvents = await db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.countAll().as('events'))
    .executeTakeFirstOrThrow();
  const anomalies = await db
    .selectFrom('payment_anomalies')
    .select((eb) => eb.fn.countAll().as('anomalies'))
    .executeTakeFirstOrThrow();
  const balances = await db
    .selectFrom('members')
    .select(['id', 'credits'])
    .where('id', 'in', [...new Set(orders.map((order) => order.member))])
    .execute();

  const byId = new Map(rows.map((row) => [row.id, row]));
  const paid = rows.filter((row) => row.state === 'paid');
  const creditsOf = (row) => row.package_credits + row.bonus_credits;
  const expectedCredits = paid.reduce((sum, row) => sum + creditsOf(row), 0);
  const ledgerCredits = ledger.reduce((sum, row) => sum + row.delta, 0);
  const rowsPerOrder = new Map();
  for (const row of ledger) rowsPerOrder.set(row.reference, [...(rowsPerOrder.get(row.reference) ?? []), row]);
  const creditedTwice = [...rowsPerOrder]
    .filter(([, orderRows]) => orderRows.length > 1)
    .map(([reference]) => reference);
  const wronglyCredited = [...rowsPerOrder]
    .filter(([reference, [row]]) => {
      const order = byId.get(Number(reference.slice('order:'.length)));
      return order?.state !== 'paid' || row.member_id !== order.member_id || row.delta !== creditsOf(order);
    })
    .map(([reference]) => reference);
  const uncredited = paid.filter((row) => !rowsPerOrder.has(`order:${row.id}`)).map((row) => row.id);
  const wrongState = orders
    .filter((order) => byId.get(order.id)?.state !== finalState(order.story))
    .map((order) => `${order.id} ${byId.get(order.id)?.state} (expected ${finalState(order.story)})`);
  const ledgerPerMember = new Map();
  for (const row of ledger) ledgerPerMember.set(row.member_id, (ledgerPerMember.get(row.member_id) ?? 0) + row.delta);
  const wrongBalances = balances.filter((member) => member.credits !== (ledgerPerMember.get(member.id) ?? 0));
  const expectedPaid = orders.filter((order) => order.story.includes('paid')).length;

  console.table({
    'paid orders': { database: paid.length, expected: expectedPaid },
    'orders with a paid event': { database: Number(paidEvents.orders), expected: expectedPaid },
    'purchase credits in ledger': { database: ledgerCredits, expected: expectedCredits },
    'distinct events stored': { database: Number(storedEvents.events), expected: planned.events },
    anomalies: { database: Number(anomalies.anomalies), expected: 0 },
  });

  const differences = [];
  const differs = (what, actual, expected) => {
    if (actual !== expected) differences.push(`${what}: ${actual}, expected ${expected}`);
  };
  differs('ledger purchase credits', ledgerCredits, expectedCredits);
  differs('paid orders', paid.length, expectedPaid);
  differs('orders with a paid event', Number(paidEvents.orders), paid.length);
  differs('distinct events stored', Number(storedEvents.events), planned.events);
  differs('anomalies', Number(anomalies.anomalies), 0);
  const listed = (what, items) => {
    if (items.length > 0) differences.push(`${what} (${items.length}): ${items.slice(0, 10).join(', ')}`);
  };
  listed('orders credited more than once', creditedTwice);
  listed('ledger rows for an order not paid, another member or another amount', wronglyCredited);
  listed('paid orders without credits', uncredited);
  listed('orders in another state than their story', wrongState);
  listed(
    "members whose balance is not their ledger's sum",
    wrongBalances.map((member) => member.id),
  );
  return differences;
}

/** Where an order's events leave it, in whatever order they arrive (process-payment-events.ts). */
function finalState(states) {
  if (states.includes('paid')) return 'paid';
  return states.find((state) => state !== 'pending') ?? 'pending';
}

/** `task(item)` for every item, at most `size` at a time; the results in the items' order. */
async function inPool(items, size, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

function shuffle(items) {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
}
