import {
  CONSOLE_INBOX_PATHS,
  consolePath,
  ORDERS_PATH,
  paymentNotifyPath,
  type CreateOrderResponse,
} from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { grant } from './ledger/credit-ledger.js';
import { browserHeaders, createTestApp, insertMember, memberWithSession, sessionCookies } from './test/fixtures.js';
import { insertStaff, staffCookies } from './test/staff-fixtures.js';
import { TEST_DIALECTS } from './test/test-database.js';

/** testSiteConfig's price of one message. */
const COST = 10;

/**
 * The races that matter once several nodes share one PostgreSQL (issue 19): each node has its own
 * connection pool and its own memory, so only the database can keep these single. Two apps on one
 * schema stand in for two nodes behind a balancer.
 */
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('two nodes on one PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let otherDatabase: DatabaseHandle;
  let nodes: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    otherDatabase = openDatabase(t.database.config, { schema: t.database.schema! });
    nodes = [t.app, await buildApp(t.config, { database: otherDatabase, web: false })];
  });
  afterAll(async () => {
    await nodes[1].close();
    await otherDatabase.destroy();
    await t.close();
  });

  const db = () => t.database.db;
  /** Opening a chat is a GET that writes: the browser says it comes from the site's own page. */
  const sameOrigin = (headers: Record<string, string>) => ({ ...headers, 'sec-fetch-site': 'same-origin' });
  const balance = async (memberId: number) =>
    (await db().selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow()).credits;
  /** Alternates the calls between the nodes, as round robin does, and sends them all at once. */
  const acrossNodes = <T>(count: number, call: (node: FastifyInstance, index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, index) => call(nodes[index % 2]!, index)));

  it('never lets a member spend more than they have, sending on both nodes at once', async () => {
    const sender = await memberWithSession(db(), t.siteId);
    const recipient = await insertMember(db(), t.siteId);
    await grant(db(), sender.id, 3 * COST, 'purchase');
    const started = await nodes[0].inject({
      url: `/api/chat.php?profile=${recipient}`,
      headers: sameOrigin(sender.headers),
    });
    expect(started.statusCode, started.body).toBe(200);
    const conversation = started.json<{ id: number }>().id;

    const answers = await acrossNodes(16, (node, index) =>
      node.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers: sender.headers,
        payload: { conversation, body: `Message ${index}` },
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(13);
    expect(await balance(sender.id)).toBe(0);
    const spent = await db()
      .selectFrom('credit_ledger')
      .select('delta')
      .where('member_id', '=', sender.id)
      .where('reason', '=', 'message')
      .execute();
    expect(spent).toEqual([{ delta: -COST }, { delta: -COST }, { delta: -COST }]);
  });

  it('credits a payment once when its notification reaches both nodes at once, many times over', async () => {
    const buyer = await memberWithSession(db(), t.siteId);
    const ordered = await nodes[0].inject({
      method: 'POST',
      url: ORDERS_PATH,
      headers: buyer.headers,
      payload: { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const { order } = ordered.json<CreateOrderResponse>();
    const row = await db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    // Signed with the key both nodes derive from the one SESSION_SECRET, as the processor would.
    const fields = nodes[1].payments.providers.dev!.sign({
      order: String(order.id),
      reference: row.provider_reference ?? '',
      transaction: `tx-${order.id}`,
      state: 'paid',
      amount: String(row.gross),
      currency: row.currency,
    });

    const answers = await acrossNodes(40, (node) =>
      node.inject({
        method: 'POST',
        url: paymentNotifyPath('dev'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
    );
    expect(answers.filter((answer) => answer.statusCode !== 200)).toEqual([]);
    expect(await balance(buyer.id)).toBe(50);
    expect(await db().selectFrom('credit_ledger').select('delta').where('member_id', '=', buyer.id).execute()).toEqual([
      { delta: 50 },
    ]);
    expect(
      await db().selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow(),
    ).toEqual({ state: 'paid' });
  });

  it('pays through the test checkout whichever node the page, the button and the return reach', async () => {
    const buyer = await memberWithSession(db(), t.siteId);
    const ordered = await nodes[0].inject({
      method: 'POST',
      url: ORDERS_PATH,
      headers: buyer.headers,
      payload: { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true },
    });
    const { order, redirect_url } = ordered.json<CreateOrderResponse>();
    const url = new URL(redirect_url);
    // The button reaches the node that did not make the payment, before any page was shown there.
    const decided = await nodes[1].inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        order: String(order.id),
        sig: url.searchParams.get('sig')!,
        outcome: 'paid',
      }).toString(),
    });
    expect(decided.statusCode, decided.body).toBe(303);
    const back = new URL(decided.headers.location as string);
    expect((await nodes[0].inject({ url: back.pathname + back.search })).statusCode).toBe(303);
    expect(await balance(buyer.id)).toBe(50);
  });

  it('gives a conversation to one of two operators claiming it on different nodes at once', async () => {
    const persona = await insertMember(db(), t.siteId, { name: 'Lotte', fictional: 1, language: 'nl' });
    const operators = await Promise.all(
      ['Olga', 'Carl'].map(async (name) => {
        const id = await insertStaff(db(), { role: 'operator', name, sites: [t.siteId], languages: ['nl'] });
        return { id, headers: browserHeaders(await staffCookies(db(), id)) };
      }),
    );
    for (let round = 0; round < 5; round += 1) {
      const member = await insertMember(db(), t.siteId, { name: 'Mia' });
      await grant(db(), member, 100, 'purchase');
      const headers = sameOrigin(browserHeaders(await sessionCookies(db(), member)));
      const started = await nodes[0].inject({ url: `/api/chat.php?profile=${persona}`, headers });
      expect(started.statusCode, started.body).toBe(200);
      const conversation = started.json<{ id: number }>().id;
      const sent = await nodes[1].inject({
        method: 'POST',
        url: '/api/messages.php',
        headers,
        payload: { conversation, body: 'Hello there' },
      });
      expect(sent.statusCode).toBe(200);

      const url = consolePath(CONSOLE_INBOX_PATHS.claim, conversation);
      const answers = await Promise.all(
        operators.map((operator, index) => nodes[index]!.inject({ method: 'POST', url, headers: operator.headers })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().claim.staff.id as number;
      const claims = await db()
        .selectFrom('conversation_claims')
        .select('staff_id')
        .where('conversation_id', '=', conversation)
        .execute();
      expect(claims).toEqual([{ staff_id: winner }]);
      // The loser cannot answer it on either node.
      const loser = operators.find((operator) => operator.id !== winner)!;
      for (const node of nodes) {
        const reply = await node.inject({
          method: 'POST',
          url: consolePath(CONSOLE_INBOX_PATHS.reply, conversation),
          headers: loser.headers,
          payload: { body: 'Me too' },
        });
        expect(reply.statusCode).toBe(409);
      }
    }
  });
});
