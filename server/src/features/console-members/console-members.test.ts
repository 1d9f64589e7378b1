import {
  CONSOLE_APPROVALS_PATH,
  CONSOLE_MEMBERS_PATH,
  DAILY_APPROVAL_LIMITS,
  ORDERS_PATH,
  type AdjustmentResponse,
  type ApprovalsResponse,
  type CreateOrderResponse,
  type MemberAdminDetail,
  type MemberSearchResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/time.js';
import { startMollieStub, type MollieStub } from '../../platform/payments/mollie/mollie-stub.js';
import { answerDevCheckout } from '../../test/dev-checkout.js';
import { browserHeaders, createTestApp, insertMember, insertOrder, memberWithSession } from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/** The starter package of the test site: 50 credits for 9.95 EUR in the Netherlands. */
const STARTER = { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true } as const;
const STARTER_GROSS = 995;
const STARTER_CREDITS = 50;

describe.each(TEST_DIALECTS)('member administration on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mollie: MollieStub;
  let admin: Record<string, string>;

  beforeAll(async () => {
    mollie = await startMollieStub();
    t = await createTestApp(dialect, {
      env: {
        MOLLIE_API_KEY: mollie.apiKey,
        MOLLIE_BASE_URL: mollie.url,
        VEROTEL_SHOP_ID: '123456',
        VEROTEL_SIGNATURE_KEY: 'test-verotel-signature-key',
      },
    });
    admin = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin', name: 'Ada' }));
  });
  afterAll(async () => {
    await t.close();
    await mollie.close();
  });

  const db = () => t.database.db;

  function call(method: 'GET' | 'POST', url: string, cookies: Record<string, string>, payload?: object) {
    return t.app.inject({ method, url, headers: browserHeaders(cookies), ...(payload ? { payload } : {}) });
  }

  const balance = async (memberId: number) =>
    (await db().selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow()).credits;
  const orderState = async (orderId: number) =>
    (await db().selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirstOrThrow()).state;

  async function staff(role: 'operator' | 'supervisor' | 'admin', name = `Test ${role}`) {
    return staffCookies(db(), await insertStaff(db(), { role, name, sites: [t.siteId] }));
  }

  /** A member who bought the starter package on the dev checkout and paid. */
  async function paidDevOrder() {
    const member = await memberWithSession(db(), t.siteId, { name: 'Bea' });
    const created = await t.app.inject({ method: 'POST', url: ORDERS_PATH, headers: member.headers, payload: STARTER });
    expect(created.statusCode, created.body).toBe(200);
    const { order, redirect_url } = created.json<CreateOrderResponse>();
    await answerDevCheckout(t.app, redirect_url, 'paid');
    expect(await orderState(order.id)).toBe('paid');
    return { memberId: member.id, orderId: order.id };
  }

  /** A paid order of another provider, as its checkout and processing would have left it. */
  async function paidOrderOf(provider: 'mollie' | 'verotel', providerReference: string) {
    const memberId = await insertMember(db(), t.siteId, { country: 'NL' });
    const id = await insertOrder(db(), t.siteId, memberId, {
      package_credits: STARTER_CREDITS,
      provider,
      provider_reference: providerReference,
      gross: STARTER_GROSS,
    });
    await db().updateTable('members').set({ credits: STARTER_CREDITS }).where('id', '=', memberId).execute();
    return { memberId, orderId: id };
  }

  /** The conversation of two members, as their first message would have made it. */
  async function conversationOf(a: number, b: number) {
    const now = Date.now();
    const { id } = await db()
      .insertInto('conversations')
      .values({
        site_id: t.siteId,
        member_low: Math.min(a, b),
        member_high: Math.max(a, b),
        created_at: now,
        last_message_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const refund = (cookies: Record<string, string>, memberId: number, orderId: number, amount?: number) =>
    call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/adjustments`, cookies, {
      kind: 'refund',
      order_id: orderId,
      ...(amount ? { amount } : {}),
      reason: 'Charged twice',
    });

  it('finds a member by e-mail, name, id and conversation, and shows their page', async () => {
    const email = `findme-${Date.now()}@example.test`;
    const memberId = await insertMember(db(), t.siteId, { email, name: 'Findable Fran' });
    const otherId = await insertMember(db(), t.siteId, { name: 'Other Olga' });
    const now = Date.now();
    const conversationId = await conversationOf(memberId, otherId);
    await db()
      .insertInto('member_tracking')
      .values({
        member_id: memberId,
        network: 'ads',
        ref: 'spring',
        sub1: null,
        sub2: null,
        sub3: null,
        created_at: now,
        lander: 'dates',
        lander_slug: 'dates',
      })
      .execute();
    const operator = await staff('operator');

    const found = async (q: string) =>
      (await call('GET', `${CONSOLE_MEMBERS_PATH}?q=${encodeURIComponent(q)}`, operator))
        .json<MemberSearchResponse>()
        .members.map((member) => member.id);
    expect(await found(email.toUpperCase())).toEqual([memberId]);
    expect(await found('findable fran')).toEqual([memberId]);
    expect(await found(`#${memberId}`)).toEqual([memberId]);
    expect((await found(`c${conversationId}`)).sort()).toEqual([memberId, otherId].sort());

    const note = await call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/notes`, operator, {
      body: 'Asked about a refund',
    });
    expect(note.statusCode, note.body).toBe(200);
    const page = await call('GET', `${CONSOLE_MEMBERS_PATH}/${memberId}`, operator);
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json<MemberAdminDetail>();
    expect(detail.account).toMatchObject({ id: memberId, email, name: 'Findable Fran' });
    expect(detail.signup_source).toMatchObject({ lander: 'dates', network: 'ads', ref: 'spring' });
    expect(detail.notes.map((row) => row.body)).toEqual(['Asked about a refund']);
    const audit = await db().selectFrom('audit_log').select('action').where('target_id', '=', memberId).execute();
    expect(audit.map((row) => row.action)).toEqual(['member.note']);
  });

  it('refunds a dev order within the limit: the provider reports it, the ledger takes the credits back', async () => {
    const { memberId, orderId } = await paidDevOrder();
    expect(await balance(memberId)).toBe(STARTER_CREDITS);
    const response = await refund(admin, memberId, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdjustmentResponse>().adjustment).toMatchObject({
      kind: 'refund',
      status: 'done',
      amount: STARTER_GROSS,
    });
    expect(await orderState(orderId)).toBe('refunded');
    expect(await balance(memberId)).toBe(0);
    const ledger = await db()
      .selectFrom('credit_ledger')
      .select(['delta', 'reason'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: STARTER_CREDITS, reason: 'purchase' },
      { delta: -STARTER_CREDITS, reason: 'refund' },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target_id', '=', memberId)
      .execute();
    expect(audit).toEqual([{ action: 'member.refund', detail: expect.stringContaining(`"order_id":${orderId}`) }]);

    // Refunded once: a second refund of the order is refused.
    expect((await refund(admin, memberId, orderId)).json().error.code).toBe('not_refundable');
  });

  it('refunds part of an order: the provider refunds that amount and the ledger takes back that share of the credits', async () => {
    const { memberId, orderId } = await paidDevOrder();
    const part = 500;
    const response = await refund(admin, memberId, orderId, part);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdjustmentResponse>().adjustment).toMatchObject({ status: 'done', amount: part });
    const order = await db()
      .selectFrom('orders')
      .select(['state', 'refund_amount'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ state: 'refunded', refund_amount: part });
    expect(await balance(memberId)).toBe(STARTER_CREDITS - Math.floor((STARTER_CREDITS * part) / STARTER_GROSS));
    // More than the order cost is refused before the provider is asked.
    const { memberId: otherId, orderId: otherOrder } = await paidDevOrder();
    expect((await refund(admin, otherId, otherOrder, STARTER_GROSS + 1)).json().error.code).toBe('not_refundable');
    expect(await orderState(otherOrder)).toBe('paid');
  });

  it("refunds a Mollie payment through Mollie's refund call; its refund status then goes through the processing", async () => {
    const paymentId = mollie.addPayment({ amount: { currency: 'EUR', value: '9.95' }, metadata: {}, status: 'paid' });
    const { memberId, orderId } = await paidOrderOf('mollie', paymentId);
    const response = await refund(admin, memberId, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(mollie.refundIds(paymentId)).toHaveLength(1);
    // Mollie queues the refund first: nothing moves until it says the money went back.
    expect(await orderState(orderId)).toBe('paid');

    mollie.setRefundStatus(paymentId, mollie.refundIds(paymentId)[0]!, 'refunded');
    const provider = t.app.payments.providers.get('mollie')!;
    const events = await provider.fetchStatus({
      orderId,
      providerReference: paymentId,
      amount: { amount: STARTER_GROSS, currency: 'EUR' },
    });
    await t.app.payments.processing.processPaymentEvents('mollie', events);
    expect(await orderState(orderId)).toBe('refunded');
    expect(await balance(memberId)).toBe(0);
  });

  it('says a Verotel sale is refunded in its Control Center, and records nothing', async () => {
    const { memberId, orderId } = await paidOrderOf('verotel', 'verotel-sale-1');
    const response = await refund(admin, memberId, orderId);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({
      code: 'refund_failed',
      message: expect.stringContaining('Control Center'),
    });
    expect(await orderState(orderId)).toBe('paid');
    expect(await balance(memberId)).toBe(STARTER_CREDITS);
    expect(await db().selectFrom('member_adjustments').select('id').where('order_id', '=', orderId).execute()).toEqual(
      [],
    );
  });

  it('shows an operator only the members of the sites they work for, like an unknown id elsewhere', async () => {
    const inSite = await insertMember(db(), t.siteId, { name: 'Scoped Sam', email: 'scoped-sam@example.test' });
    const elsewhere = await insertMember(db(), t.boxySiteId, { name: 'Scoped Sue', email: 'scoped-sue@example.test' });
    const operator = await staff('operator', 'Olga');
    const found = await call('GET', `${CONSOLE_MEMBERS_PATH}?q=scoped`, operator);
    expect(found.json<MemberSearchResponse>().members.map((member) => member.id)).toEqual([inSite]);
    expect(
      (await call('GET', `${CONSOLE_MEMBERS_PATH}?q=${elsewhere}`, operator)).json<MemberSearchResponse>().members,
    ).toEqual([]);
    expect((await call('GET', `${CONSOLE_MEMBERS_PATH}/${inSite}`, operator)).statusCode).toBe(200);
    expect((await call('GET', `${CONSOLE_MEMBERS_PATH}/${elsewhere}`, operator)).statusCode).toBe(404);
    const grant = await call('POST', `${CONSOLE_MEMBERS_PATH}/${elsewhere}/adjustments`, operator, {
      kind: 'grant',
      credits: 5,
      reason: 'Goodwill',
    });
    expect(grant.statusCode).toBe(404);
    expect(await balance(elsewhere)).toBe(0);
    // A supervisor works across every site, as in the inbox.
    const supervisor = await staff('supervisor', 'Sven');
    expect((await call('GET', `${CONSOLE_MEMBERS_PATH}/${elsewhere}`, supervisor)).statusCode).toBe(200);
  });

  it("keeps each role's daily limit: above it the request waits, and only today's own adjustments count", async () => {
    const limit = DAILY_APPROVAL_LIMITS.operator!;
    const operatorId = await insertStaff(db(), { role: 'operator', name: 'Otto', sites: [t.siteId] });
    const operator = await staffCookies(db(), operatorId);
    const memberId = await insertMember(db(), t.siteId);
    // Yesterday's grants are yesterday's: they do not count today.
    await db()
      .insertInto('member_adjustments')
      .values({
        member_id: memberId,
        site_id: t.siteId,
        kind: 'grant',
        status: 'done',
        order_id: null,
        message_ids: null,
        amount: null,
        currency: null,
        credits: limit.credits,
        reason: 'Yesterday',
        requested_by: operatorId,
        created_at: Date.now() - DAY_MS - 1000,
      })
      .execute();

    const grant = (cookies: Record<string, string>, credits: number) =>
      call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/adjustments`, cookies, {
        kind: 'grant',
        credits,
        reason: 'Goodwill',
      });
    const first = await grant(operator, limit.credits - 10);
    expect(first.json<AdjustmentResponse>().adjustment.status).toBe('done');
    expect(await balance(memberId)).toBe(limit.credits - 10);
    const over = await grant(operator, 11);
    expect(over.json<AdjustmentResponse>().adjustment.status).toBe('pending');
    expect(await balance(memberId)).toBe(limit.credits - 10);
    expect((await grant(operator, 10)).json<AdjustmentResponse>().adjustment.status).toBe('done');

    // A supervisor's limit is higher; an admin has none.
    const supervisor = await staff('supervisor');
    expect((await grant(supervisor, limit.credits + 1)).json<AdjustmentResponse>().adjustment.status).toBe('done');
    expect(
      (await grant(admin, DAILY_APPROVAL_LIMITS.supervisor!.credits + 1)).json<AdjustmentResponse>().adjustment.status,
    ).toBe('done');

    // Money counts too: an operator's refund above their limit waits, and the order stays paid.
    const { memberId: buyerId, orderId } = await paidDevOrder();
    const moneyOperator = await staff('operator');
    const asked = await refund(moneyOperator, buyerId, orderId, Math.min(STARTER_GROSS, limit.money_minor));
    expect(asked.json<AdjustmentResponse>().adjustment.status).toBe('done');
    const { memberId: secondId, orderId: secondOrder } = await paidDevOrder();
    const twice = await refund(moneyOperator, secondId, secondOrder);
    const third = await paidDevOrder();
    const thrice = await refund(moneyOperator, third.memberId, third.orderId);
    expect([twice, thrice].map((r) => r.json<AdjustmentResponse>().adjustment.status)).toEqual(['done', 'pending']);
    expect(await orderState(third.orderId)).toBe('paid');
  });

  it('lets an admin approve or refuse what waits; of two decisions one wins', async () => {
    const operator = await staff('operator', 'Olli');
    const { memberId, orderId } = await paidDevOrder();
    await db()
      .insertInto('member_adjustments')
      .values({
        member_id: memberId,
        site_id: t.siteId,
        kind: 'refund',
        status: 'done',
        order_id: null,
        message_ids: null,
        amount: STARTER_GROSS * 3,
        currency: 'EUR',
        credits: null,
        reason: 'Earlier today',
        requested_by: (await db().selectFrom('staff').select('id').where('name', '=', 'Olli').executeTakeFirstOrThrow())
          .id,
        created_at: Date.now(),
      })
      .execute();
    const waiting = (await refund(operator, memberId, orderId)).json<AdjustmentResponse>().adjustment;
    expect(waiting.status).toBe('pending');
    const grant = (
      await call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/adjustments`, operator, {
        kind: 'grant',
        credits: 500,
        reason: 'Big',
      })
    ).json<AdjustmentResponse>().adjustment;
    expect(grant.status).toBe('pending');

    const list = (await call('GET', CONSOLE_APPROVALS_PATH, admin)).json<ApprovalsResponse>().approvals;
    expect(list.map((row) => row.id)).toEqual(expect.arrayContaining([waiting.id, grant.id]));
    expect(list.find((row) => row.id === waiting.id)).toMatchObject({
      requested_by: { name: 'Olli' },
      order_id: orderId,
    });

    const approved = await call('POST', `${CONSOLE_APPROVALS_PATH}/${waiting.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdjustmentResponse>().adjustment).toMatchObject({
      status: 'done',
      decided_by: { name: 'Ada' },
    });
    expect(await orderState(orderId)).toBe('refunded');
    const again = await call('POST', `${CONSOLE_APPROVALS_PATH}/${waiting.id}/refuse`, admin);
    expect(again.json().error.code).toBe('approval_decided');

    const refused = await call('POST', `${CONSOLE_APPROVALS_PATH}/${grant.id}/refuse`, admin);
    expect(refused.json<AdjustmentResponse>().adjustment.status).toBe('refused');
    expect(await balance(memberId)).toBe(0);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'member.adjustment_requested',
      'member.adjustment_requested',
      'approval.approve',
      'approval.refuse',
    ]);
  });

  it('holds an operator to the daily limit when their give-backs arrive at the same moment', async () => {
    const limit = DAILY_APPROVAL_LIMITS.operator!;
    const operator = await staff('operator');
    const memberId = await insertMember(db(), t.siteId);
    const each = Math.ceil(limit.credits / 3);
    // Five at once: each is checked only once the ones before it are counted, so three fit.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/adjustments`, operator, {
          kind: 'grant',
          credits: each,
          reason: 'Goodwill',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.json<AdjustmentResponse>().adjustment.status);
    const done = statuses.filter((status) => status === 'done').length;
    expect(done).toBe(Math.floor(limit.credits / each));
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(5 - done);
    expect(await balance(memberId)).toBe(done * each);
    expect(await balance(memberId)).toBeLessThanOrEqual(limit.credits);

    // Refunds too, while each one's provider is asked: three orders at once, two fit the money limit.
    const moneyOperator = await staff('operator');
    const orders = [await paidDevOrder(), await paidDevOrder(), await paidDevOrder()];
    const refunds = await Promise.all(orders.map((order) => refund(moneyOperator, order.memberId, order.orderId)));
    const refundStatuses = refunds.map((answer) => answer.json<AdjustmentResponse>().adjustment.status).sort();
    expect(refundStatuses).toEqual(['done', 'done', 'pending']);
    const states = await Promise.all(orders.map((order) => orderState(order.orderId)));
    expect(states.sort()).toEqual(['paid', 'refunded', 'refunded']);
  });

  it('refunds an order once when two refunds of it arrive at the same moment', async () => {
    const { memberId, orderId } = await paidDevOrder();
    const [first, second] = await Promise.all([refund(admin, memberId, orderId), refund(admin, memberId, orderId)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const rows = await db().selectFrom('member_adjustments').select('status').where('order_id', '=', orderId).execute();
    expect(rows).toEqual([{ status: 'done' }]);
    expect(await balance(memberId)).toBe(0);
  });

  it('records no approval of a refund the provider then refuses: the request waits again, and the log says so', async () => {
    const operator = await staff('operator', 'Vera');
    const { memberId, orderId } = await paidOrderOf('verotel', 'verotel-sale-approval');
    // Above the operator's limit, so it waits for an admin rather than reaching Verotel.
    await db()
      .updateTable('orders')
      .set({ gross: DAILY_APPROVAL_LIMITS.operator!.money_minor + 500 })
      .where('id', '=', orderId)
      .execute();
    const waiting = (await refund(operator, memberId, orderId)).json<AdjustmentResponse>().adjustment;
    expect(waiting.status).toBe('pending');

    const approved = await call('POST', `${CONSOLE_APPROVALS_PATH}/${waiting.id}/approve`, admin);
    expect(approved.statusCode).toBe(502);
    expect(approved.json().error.code).toBe('refund_failed');
    const row = await db()
      .selectFrom('member_adjustments')
      .select(['status', 'decided_by', 'decided_at'])
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', decided_by: null, decided_at: null });
    expect(await orderState(orderId)).toBe('paid');
    const actions = await db().selectFrom('audit_log').select('action').where('target_id', '=', memberId).execute();
    expect(actions.map((entry) => entry.action)).toEqual(['member.adjustment_requested']);
    // Still waiting, it can be refused.
    const list = (await call('GET', CONSOLE_APPROVALS_PATH, admin)).json<ApprovalsResponse>().approvals;
    expect(list.map((entry) => entry.id)).toContain(waiting.id);
    const refused = await call('POST', `${CONSOLE_APPROVALS_PATH}/${waiting.id}/refuse`, admin);
    expect(refused.json<AdjustmentResponse>().adjustment.status).toBe('refused');
  });

  it('gives credits back for messages the member paid for, once per message', async () => {
    const memberId = await insertMember(db(), t.siteId);
    const otherId = await insertMember(db(), t.siteId, { name: 'Pen Pal' });
    const now = Date.now();
    const conversationId = await conversationOf(memberId, otherId);
    const messages = await db()
      .insertInto('messages')
      .values([
        { conversation_id: conversationId, sender_id: memberId, body: 'Hello', credits: 5, created_at: now },
        { conversation_id: conversationId, sender_id: memberId, body: 'Still there?', credits: 5, created_at: now },
        { conversation_id: conversationId, sender_id: otherId, body: 'Not mine', credits: 5, created_at: now },
      ])
      .returning('id')
      .execute();
    const [first, second, theirs] = messages.map((row) => row.id);
    const creditBack = (ids: number[]) =>
      call('POST', `${CONSOLE_MEMBERS_PATH}/${memberId}/adjustments`, admin, {
        kind: 'credit_back',
        message_ids: ids,
        reason: 'No answer',
      });

    expect((await creditBack([first!, theirs!])).statusCode).toBe(404);
    const given = await creditBack([first!, second!]);
    expect(given.json<AdjustmentResponse>().adjustment).toMatchObject({ status: 'done', credits: 10 });
    expect(await balance(memberId)).toBe(10);
    expect((await creditBack([second!])).json().error.code).toBe('not_refundable');
    const page = (await call('GET', `${CONSOLE_MEMBERS_PATH}/${memberId}`, admin)).json<MemberAdminDetail>();
    expect(page.paid_messages.map((row) => [row.body, row.credited_back])).toEqual([
      ['Still there?', true],
      ['Hello', true],
    ]);
  });
});
