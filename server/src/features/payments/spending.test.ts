import {
  ORDERS_PATH,
  PAYMENT_METHODS_PATH,
  SPENDING_PATH,
  SPENDING_RAISE_DELAY_MS,
  type ErrorBody,
  type OrderState,
  type PaymentMethodsResponse,
  type SpendingResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertOrder, memberWithSession, type TestApp } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const STARTER = { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true } as const;
const REGULAR = { ...STARTER, package: 'regular' } as const;

describe.each(TEST_DIALECTS)('spending limit on %s', (dialect) => {
  let t: TestApp & { siteId: number };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;

  const newMember = () => memberWithSession(db(), t.siteId, { name: 'Sam' });

  const spending = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ url: SPENDING_PATH, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SpendingResponse>();
  };
  const setLimit = (headers: Record<string, string>, limit: unknown) =>
    t.app.inject({ method: 'PUT', url: SPENDING_PATH, headers, payload: { limit } });
  const order = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: ORDERS_PATH, headers, payload: body });

  /** An order as the provider left it, without going through a checkout. */
  async function storedOrder(memberId: number, state: OrderState, gross: number, paidAt: number | null = Date.now()) {
    await insertOrder(db(), t.siteId, memberId, { net: gross, vat: 0, gross, vat_rate_bp: 0, state, paid_at: paidAt });
  }

  it('has no limit at first and shows this UTC month in the payment currency', async () => {
    const { headers } = await newMember();
    const now = new Date();
    expect(await spending(headers)).toEqual({
      currency: 'EUR',
      limit: null,
      spent: 0,
      reserved: 0,
      remaining: null,
      month_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      month_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      pending: null,
    });
  });

  it('refuses a negative, fractional or absurd limit with the field, and a visitor without a session', async () => {
    const { headers } = await newMember();
    for (const limit of [-1, 10.5, 1_000_000_000, 'ten']) {
      const response = await setLimit(headers, limit);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.fields).toHaveProperty('limit');
    }
    expect((await setLimit(browserHeaders(), 1000)).statusCode).toBe(403);
    expect((await spending(headers)).limit).toBeNull();
  });

  it('lowers the limit at once and raises or removes it only after a day', async () => {
    const { id, headers } = await newMember();
    expect((await setLimit(headers, 3000)).json<SpendingResponse>()).toMatchObject({ limit: 3000, pending: null });
    expect((await setLimit(headers, 2000)).json<SpendingResponse>()).toMatchObject({ limit: 2000, pending: null });

    const before = Date.now();
    const raised = (await setLimit(headers, 5000)).json<SpendingResponse>();
    expect(raised).toMatchObject({ limit: 2000, remaining: 2000, pending: { limit: 5000 } });
    const effective = Date.parse(raised.pending!.effective_at);
    expect(effective).toBeGreaterThanOrEqual(before + SPENDING_RAISE_DELAY_MS);
    expect(effective).toBeLessThanOrEqual(Date.now() + SPENDING_RAISE_DELAY_MS);

    // A day later, as the clock would have it.
    await db()
      .updateTable('members')
      .set({ monthly_spending_limit_pending_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(await spending(headers)).toMatchObject({ limit: 5000, pending: null });

    expect((await setLimit(headers, null)).json<SpendingResponse>()).toMatchObject({
      limit: 5000,
      pending: { limit: null },
    });
    // Lowering while a removal waits cancels the removal.
    expect((await setLimit(headers, 4000)).json<SpendingResponse>()).toMatchObject({ limit: 4000, pending: null });
  });

  it('refuses an order over the limit, saying what is left, and the checkout knows before', async () => {
    const { headers } = await newMember();
    await setLimit(headers, 1000);
    const fits = async (pkg: string) =>
      (
        await t.app.inject({ url: `${PAYMENT_METHODS_PATH}?package=${pkg}&country=NL`, headers })
      ).json<PaymentMethodsResponse>().within_spending_limit;
    expect([await fits('starter'), await fits('regular')]).toEqual([true, false]);

    const refused = await order(headers, REGULAR);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'spending_limit_reached' });
    expect(refused.json<ErrorBody>().error.message).toContain('EUR 10.00 left');

    expect((await order(headers, STARTER)).statusCode).toBe(200);
    // The open order holds its amount until it is paid or given up.
    expect(await spending(headers)).toMatchObject({ spent: 0, reserved: 995, remaining: 5 });
    expect(await fits('starter')).toBe(false);
  });

  it('lets exactly one of two orders through that each fit alone but not together', async () => {
    const { headers } = await newMember();
    await setLimit(headers, 1500);
    const answers = await Promise.all([order(headers, STARTER), order(headers, STARTER)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(await spending(headers)).toMatchObject({ reserved: 995, remaining: 505 });
  });

  it('counts paid orders of this month, not refunded, charged-back or last month’s ones', async () => {
    const { id, headers } = await newMember();
    const now = new Date();
    const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1;
    await storedOrder(id, 'paid', 995);
    await storedOrder(id, 'refunded', 2495);
    await storedOrder(id, 'charged_back', 2495);
    await storedOrder(id, 'paid', 2495, lastMonth);
    await storedOrder(id, 'failed', 2495, null);
    await setLimit(headers, 2000);
    expect(await spending(headers)).toMatchObject({ spent: 995, reserved: 0, remaining: 1005 });
    expect((await order(headers, REGULAR)).statusCode).toBe(403);
  });

  it("never shows or counts another member's spending", async () => {
    const spender = await newMember();
    const other = await newMember();
    await storedOrder(spender.id, 'paid', 2495);
    await setLimit(spender.headers, 3000);
    await setLimit(other.headers, 1000);
    expect(await spending(other.headers)).toMatchObject({ limit: 1000, spent: 0, remaining: 1000 });
    expect((await order(other.headers, STARTER)).statusCode).toBe(200);
    expect(await spending(spender.headers)).toMatchObject({ limit: 3000, spent: 2495, reserved: 0 });
  });
});
