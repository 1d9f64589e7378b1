import {
  DISCOUNT_CODE_PATH,
  ORDERS_PATH,
  PAYMENT_METHODS_PATH,
  type CreateOrderResponse,
  type DiscountCode,
  type PaymentMethodsResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewDiscountCode } from '../../db/schema.js';
import { DAY_MS, HOUR_MS } from '../../lib/time.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const ORDER = { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true } as const;

describe.each(TEST_DIALECTS)('discount codes on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The site's welcome offer, as the demo seeding writes one per site.
    await addCode({ code: 'WELCOME', kind: 'bonus', value: 20, purpose: 'welcome', per_member_once: 1 });
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;

  async function addCode(code: Partial<NewDiscountCode> & Pick<NewDiscountCode, 'code'>) {
    const now = Date.now();
    return db()
      .insertInto('discount_codes')
      .values({
        site_id: t.siteId,
        kind: 'percent',
        value: 10,
        max_uses: null,
        valid_from: now - HOUR_MS,
        valid_until: now + DAY_MS,
        purpose: 'campaign',
        member_id: null,
        created_at: now,
        ...code,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function newMember(signedUpAgoMs = 0) {
    const id = await insertMember(db(), t.siteId, { country: 'NL', signup_at: Date.now() - signedUpAgoMs });
    return { id, headers: browserHeaders(await sessionCookies(db(), id)) };
  }

  const ask = (headers: Record<string, string>, query: string) =>
    t.app.inject({ url: `${DISCOUNT_CODE_PATH}?${query}`, headers });

  async function order(headers: Record<string, string>, discountCode: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: ORDERS_PATH,
      headers,
      payload: { ...ORDER, discount_code: discountCode },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CreateOrderResponse>().order;
  }

  /** The provider says the order is paid, as a notification would. */
  async function pay(orderId: number) {
    const row = await db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const [outcome] = await t.app.payments.processing.processPaymentEvents('dev', [
      {
        orderId,
        providerReference: row.provider_reference ?? `ref-${orderId}`,
        state: 'paid',
        eventKey: `tx-${orderId}:paid`,
        amount: { amount: row.gross, currency: row.currency },
      },
    ]);
    expect(outcome?.kind).toBe('applied');
  }

  const balance = async (memberId: number) =>
    (await db().selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow()).credits;
  const usesOf = async (id: number) =>
    (await db().selectFrom('discount_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

  it('gives a new member a personal welcome bonus until 48 hours after sign-up, and an older member none', async () => {
    const fresh = await newMember(HOUR_MS);
    const response = await ask(fresh.headers, 'welcome=true');
    expect(response.statusCode).toBe(200);
    const welcome = response.json<DiscountCode>();
    expect(welcome).toMatchObject({ kind: 'bonus', value: 20, purpose: 'welcome' });
    expect(welcome.code).toMatch(/^WELCOME-[0-9A-F]{10}$/);
    expect(Date.parse(welcome.valid_until!) - Date.now()).toBeGreaterThan(46 * HOUR_MS);
    expect(Date.parse(welcome.valid_until!) - Date.now()).toBeLessThanOrEqual(47 * HOUR_MS);
    // Asked again, the same code: the countdown does not restart.
    expect((await ask(fresh.headers, 'welcome=true')).json<DiscountCode>()).toEqual(welcome);

    const old = await newMember(3 * DAY_MS);
    expect((await ask(old.headers, 'welcome=true')).statusCode).toBe(404);
    // The site's offer itself is no code anyone can type.
    const typed = await ask(old.headers, 'code=WELCOME');
    expect(typed.json().error.fields).toEqual({ code: 'discounts.code_unknown' });
    // Someone else's welcome code is as unknown as a made-up one.
    expect((await ask(old.headers, `code=${welcome.code}`)).json().error.fields).toEqual({
      code: 'discounts.code_unknown',
    });
  });

  it('adds the welcome bonus credits to a paid order, and the code is used up then', async () => {
    const member = await newMember();
    const welcome = (await ask(member.headers, 'welcome=true')).json<DiscountCode>();
    const ordered = await order(member.headers, welcome.code.toLowerCase());
    // 20 % more than the 50 credits of the package; the price stays.
    expect(ordered.discount).toEqual({
      code: welcome.code,
      amount_off: { amount: 0, currency: 'EUR' },
      bonus_credits: 10,
    });
    expect(ordered.gross).toEqual({ amount: 995, currency: 'EUR' });
    await pay(ordered.id);
    expect(await balance(member.id)).toBe(60);
    expect((await ask(member.headers, 'welcome=true')).statusCode).toBe(404);
    expect((await ask(member.headers, `code=${welcome.code}`)).json().error.fields).toEqual({
      code: 'discounts.code_used_up',
    });
  });

  it('lowers the price before the VAT split, in the breakdown and the order', async () => {
    await addCode({ code: 'QUARTER', value: 25 });
    const member = await newMember();
    const quoted = await t.app.inject({
      url: `${PAYMENT_METHODS_PATH}?package=starter&country=NL&discount_code=quarter`,
      headers: member.headers,
    });
    const breakdown = quoted.json<PaymentMethodsResponse>();
    // 9.95 less 25 % (2.49) is 7.46, of which 21 % VAT: 1.29.
    expect(breakdown.discount).toMatchObject({
      code: 'QUARTER',
      kind: 'percent',
      amount_off: { amount: 249, currency: 'EUR' },
      total: { amount: 746, currency: 'EUR' },
    });
    expect([breakdown.net.amount, breakdown.vat.amount]).toEqual([617, 129]);

    const ordered = await order(member.headers, 'QUARTER');
    expect([ordered.net.amount, ordered.vat.amount, ordered.gross.amount]).toEqual([617, 129, 746]);
    await pay(ordered.id);
    expect(await balance(member.id)).toBe(50);
  });

  it('refuses an unknown, expired or not yet valid code with the reason next to the field', async () => {
    await addCode({ code: 'OLD', valid_until: Date.now() - 1 });
    await addCode({ code: 'SOON', valid_from: Date.now() + HOUR_MS });
    const { headers } = await newMember();
    const reason = async (query: string) => (await ask(headers, query)).json().error.fields;
    expect(await reason('code=NOPE')).toEqual({ code: 'discounts.code_unknown' });
    expect(await reason('code=OLD')).toEqual({ code: 'discounts.code_expired' });
    expect(await reason('code=SOON')).toEqual({ code: 'discounts.code_expired' });

    const refused = await t.app.inject({
      method: 'POST',
      url: ORDERS_PATH,
      headers,
      payload: { ...ORDER, discount_code: 'OLD' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ discount_code: 'discounts.code_expired' });
  });

  it('counts a code once per member where it says so', async () => {
    const code = await addCode({ code: 'ONCE', per_member_once: 1 });
    const member = await newMember();
    // Two orders made before either is paid: both keep their price, only the first counts.
    const first = await order(member.headers, 'ONCE');
    const second = await order(member.headers, 'ONCE');
    await pay(first.id);
    await pay(second.id);
    expect(await usesOf(code.id)).toBe(1);
    expect((await ask(member.headers, 'code=ONCE')).json().error.fields).toEqual({
      code: 'discounts.code_already_used',
    });
    expect((await ask((await newMember()).headers, 'code=ONCE')).statusCode).toBe(200);
  });

  it('records exactly max_uses redemptions when 20 orders with the code are paid at once', async () => {
    const code = await addCode({ code: 'FIRST5', max_uses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newMember()));
    const orders = [];
    for (const buyer of buyers) orders.push(await order(buyer.headers, 'FIRST5'));
    await Promise.all(orders.map((ordered) => pay(ordered.id)));

    expect(await usesOf(code.id)).toBe(5);
    const redemptions = await db()
      .selectFrom('discount_redemptions')
      .select('order_id')
      .where('code_id', '=', code.id)
      .execute();
    expect(redemptions).toHaveLength(5);
    // Every order made while the code could be used is honoured at the price the member paid.
    const paid = await db()
      .selectFrom('orders')
      .select(['state', 'gross'])
      .where('discount_code_id', '=', code.id)
      .execute();
    expect(paid).toHaveLength(20);
    // 9.95 less 10 % (rounded to 1.00).
    expect(new Set(paid.map((row) => `${row.state} ${row.gross}`))).toEqual(new Set(['paid 895']));
    expect((await ask((await newMember()).headers, 'code=FIRST5')).json().error.fields).toEqual({
      code: 'discounts.code_used_up',
    });
  });

  it('offers the site delete_discount as a personal code for a day', async () => {
    const member = await newMember(30 * DAY_MS);
    const offer = (await ask(member.headers, 'delete=true')).json<DiscountCode>();
    expect(offer).toMatchObject({ kind: 'percent', value: 50, purpose: 'delete' });
    expect(offer.code).toMatch(/^STAY-/);
    expect(Date.parse(offer.valid_until!) - Date.now()).toBeGreaterThan(23 * HOUR_MS);
    expect((await ask(member.headers, 'delete=true')).json<DiscountCode>().code).toBe(offer.code);
    const ordered = await order(member.headers, offer.code);
    expect(ordered.gross.amount).toBe(497);
  });

  it('answers 403 without a session', async () => {
    const response = await t.app.inject({ url: `${DISCOUNT_CODE_PATH}?welcome=true` });
    expect(response.statusCode).toBe(403);
  });
});
