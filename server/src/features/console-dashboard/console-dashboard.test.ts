import type { DashboardResponse, OrderState } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToModerationQueue } from '../../db/moderation-queue.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertOrder,
  insertSite,
  testSiteConfig,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const at = (day: string, hour = 12) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

describe.each(TEST_DIALECTS)('the console dashboard on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let siteId: number;
  let supervisor: Record<string, string>;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A site of its own: the figures count everything on the site.
    siteId = await insertSite(t.database.db, testSiteConfig('numbers.test'));
    staffId = await insertStaff(t.database.db, { role: 'supervisor' });
    supervisor = await staffCookies(t.database.db, staffId);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const dashboard = (query: string, cookies = supervisor) =>
    t.app.inject({ url: `/api/console/dashboard?${query}`, headers: browserHeaders(cookies) });

  async function member(
    signup: string,
    options: { activated?: string; lander?: string; network?: string; fictional?: boolean } = {},
  ) {
    const id = await insertMember(db(), siteId, {
      signup_at: at(signup),
      activated_at: options.activated ? at(options.activated) : null,
      fictional: options.fictional ? 1 : 0,
    });
    if (options.lander || options.network) {
      await db()
        .insertInto('member_tracking')
        .values({
          member_id: id,
          network: options.network ?? null,
          ref: null,
          sub1: null,
          sub2: null,
          sub3: null,
          created_at: at(signup),
          lander: options.lander ?? null,
          lander_slug: options.lander ? 'nl' : null,
        })
        .execute();
    }
    return id;
  }

  async function order(memberId: number, paidDay: string, state: OrderState = 'paid') {
    const id = await insertOrder(db(), siteId, memberId, {
      net: 1000,
      vat: 210,
      gross: 1210,
      state,
      created_at: at(paidDay, 11),
      updated_at: at(paidDay, 11),
      paid_at: at(paidDay),
    });
    return id;
  }

  it('counts visits, sign-ups, confirmations, first purchases, revenue, messages, answers and open reports', async () => {
    await db()
      .insertInto('lander_visits')
      .values([
        { site_id: siteId, lander: 'video', slug: 'nl', network: 'adnet', day: '2026-10-01', visits: 40 },
        { site_id: siteId, lander: 'video', slug: 'nl', network: 'adnet', day: '2026-10-02', visits: 10 },
        { site_id: siteId, lander: 'gallery', slug: 'nl', network: '', day: '2026-10-02', visits: 5 },
        // Outside the dates asked for.
        { site_id: siteId, lander: 'video', slug: 'nl', network: 'adnet', day: '2026-10-04', visits: 99 },
      ])
      .execute();
    const anna = await member('2026-10-01', { activated: '2026-10-02', lander: 'video', network: 'adnet' });
    const bert = await member('2026-10-02', { activated: '2026-10-02' });
    await member('2026-10-05', { activated: '2026-10-05', lander: 'video', network: 'adnet' });
    const persona = await member('2026-09-01', { activated: '2026-10-01', fictional: true });

    // Anna's first purchase is on the 2nd; her second order and Bert's order before the dates do not count as first.
    const annas = await order(anna, '2026-10-02');
    await order(anna, '2026-10-03');
    await order(bert, '2026-09-30');
    await db()
      .insertInto('payment_events')
      .values({
        order_id: annas,
        provider: 'dev',
        event_key: 'refund-1',
        state: 'refunded',
        amount: 605,
        currency: 'EUR',
        received_at: at('2026-10-03'),
      })
      .execute();

    const { id: conversation } = await db()
      .insertInto('conversations')
      .values({
        site_id: siteId,
        member_low: anna,
        member_high: persona,
        created_at: at('2026-10-01'),
        last_message_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const write = async (sender: number, day: string, hour: number) =>
      (
        await db()
          .insertInto('messages')
          .values({ conversation_id: conversation, sender_id: sender, body: 'Hi', created_at: at(day, hour) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await write(anna, '2026-10-01', 9);
    await write(anna, '2026-10-01', 10);
    await write(anna, '2026-10-03', 23);
    for (const [hour, waited] of [
      [11, 60_000],
      [12, 120_000],
      [13, 600_000],
    ] as const) {
      const answer = await write(persona, '2026-10-01', hour);
      await db()
        .insertInto('console_answers')
        .values({
          message_id: answer,
          staff_id: staffId,
          site_id: siteId,
          conversation_id: conversation,
          waited_ms: waited,
          created_at: at('2026-10-01', hour),
        })
        .execute();
    }
    await addToModerationQueue(db(), { source: 'notice', site_id: siteId, subject: 'profile', category: 'minor' });
    await addToModerationQueue(db(), { source: 'notice', site_id: siteId, subject: 'profile', category: 'minor' });
    await addToModerationQueue(db(), { source: 'notice', site_id: siteId, subject: 'profile', category: 'fraud' });

    const response = await dashboard(`site_id=${siteId}&from=2026-10-01&to=2026-10-03`);
    expect(response.statusCode).toBe(200);
    const figures = response.json<DashboardResponse>();
    expect(figures.days).toEqual([
      {
        day: '2026-10-01',
        visits: 40,
        signups: 1,
        confirmations: 0,
        first_purchases: 0,
        revenue_net: {},
        refunds_net: {},
        member_messages: 2,
        operator_answers: 3,
        median_answer_seconds: 120,
      },
      {
        day: '2026-10-02',
        visits: 15,
        signups: 1,
        confirmations: 2,
        first_purchases: 1,
        revenue_net: { EUR: 1000 },
        refunds_net: {},
        member_messages: 0,
        operator_answers: 0,
        median_answer_seconds: null,
      },
      {
        day: '2026-10-03',
        visits: 0,
        signups: 0,
        confirmations: 0,
        first_purchases: 0,
        revenue_net: { EUR: 1000 },
        refunds_net: { EUR: 500 },
        member_messages: 1,
        operator_answers: 0,
        median_answer_seconds: null,
      },
    ]);
    expect(figures.sources).toEqual([
      { lander: 'video', network: 'adnet', visits: 50, signups: 1, confirmations: 1, first_purchases: 1 },
      { lander: 'gallery', network: null, visits: 5, signups: 0, confirmations: 0, first_purchases: 0 },
      { lander: null, network: null, visits: 0, signups: 1, confirmations: 1, first_purchases: 0 },
    ]);
    expect(figures.open_reports).toEqual({
      count: 3,
      oldest_at: expect.any(Number),
      by_category: [
        { category: 'minor', count: 2 },
        { category: 'fraud', count: 1 },
      ],
    });
  });

  it('refuses dates it cannot show, an unknown site, and operators', async () => {
    const backwards = await dashboard(`site_id=${siteId}&from=2026-10-03&to=2026-10-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      to: 'validation.out_of_range',
    });
    expect((await dashboard(`site_id=${siteId}&from=2026-01-01&to=2026-12-31`)).statusCode).toBe(400);
    expect((await dashboard(`site_id=${siteId}&from=yesterday&to=2026-10-01`)).statusCode).toBe(400);
    expect((await dashboard('site_id=999999&from=2026-10-01&to=2026-10-01')).statusCode).toBe(404);
    const operator = await staffCookies(db(), await insertStaff(db(), { role: 'operator' }));
    expect((await dashboard(`site_id=${siteId}&from=2026-10-01&to=2026-10-01`, operator)).statusCode).toBe(403);
  });
});
