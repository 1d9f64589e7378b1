import {
  ORDERS_PATH,
  REPEAT_ORDER_PATH,
  SPENDING_PATH,
  type CreateOrderResponse,
  type RepeatOrderResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDevCheckout } from '../../test/dev-checkout.js';
import { createTestAppWithMail, memberWithSession, type TestAppWithMail } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const ORDER = { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true } as const;

describe.each(TEST_DIALECTS)('repeat orders on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;

  const newMember = () => memberWithSession(db(), t.siteId, { name: 'Rik' });

  const balance = async (memberId: number) =>
    (await db().selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow()).credits;

  async function buy(member: { headers: Record<string, string> }, keepMethod: boolean) {
    const response = await t.app.inject({
      method: 'POST',
      url: ORDERS_PATH,
      headers: member.headers,
      payload: { ...ORDER, keep_method: keepMethod },
    });
    expect(response.statusCode, response.body).toBe(200);
    await answerDevCheckout(t.app, response.json<CreateOrderResponse>().redirect_url, 'paid');
  }

  const offer = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: REPEAT_ORDER_PATH, headers })).json<RepeatOrderResponse>();
  const repeat = (headers: Record<string, string>, payload: Record<string, unknown> = { immediate_delivery: true }) =>
    t.app.inject({ method: 'POST', url: REPEAT_ORDER_PATH, headers, payload });

  it('says why there is nothing to repeat: no purchase yet, or none whose method was kept', async () => {
    const member = await newMember();
    expect((await offer(member.headers)).refusal).toBe('no_purchase');
    expect((await repeat(member.headers)).statusCode).toBe(404);

    await buy(member, false);
    expect(await offer(member.headers)).toMatchObject({ refusal: 'no_kept_method', package: null });
    expect((await repeat(member.headers)).statusCode).toBe(404);
    expect(await balance(member.id)).toBe(50);
  });

  it('repeats the last purchase in one step with the kept method: paid at once, credited, with a receipt', async () => {
    const member = await newMember();
    await buy(member, true);
    await t.smtp.waitForMail(member.email);

    const shown = await offer(member.headers);
    expect(shown).toMatchObject({
      refusal: null,
      country: 'NL',
      method: 'card',
      package: { id: 'starter', credits: 50, price: { amount: 995, currency: 'EUR' } },
      within_spending_limit: true,
    });

    const unticked = await repeat(member.headers, {});
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().error.fields).toHaveProperty('immediate_delivery');

    const response = await repeat(member.headers);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<CreateOrderResponse>();
    expect(created.redirect_url).toBe(`/transactions/${created.order.id}`);
    expect(created.order).toMatchObject({ state: 'paid', gross: { amount: 995, currency: 'EUR' } });
    expect(await balance(member.id)).toBe(100);
    expect((await t.smtp.waitForMail(member.email)).subject).toBe(
      `Your receipt for order ${created.order.id} at Site localhost`,
    );
    // The kept method stays kept: the next repeat works the same way.
    expect((await offer(member.headers)).refusal).toBeNull();
  });

  it("never repeats another member's purchase", async () => {
    const buyer = await newMember();
    await buy(buyer, true);
    const other = await newMember();
    expect((await offer(other.headers)).refusal).toBe('no_purchase');
    expect((await repeat(other.headers)).statusCode).toBe(404);
    expect(await balance(other.id)).toBe(0);
  });

  it('holds to the monthly spending limit', async () => {
    const member = await newMember();
    await buy(member, true);
    const limit = await t.app.inject({
      method: 'PUT',
      url: SPENDING_PATH,
      headers: member.headers,
      payload: { limit: 1000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect((await offer(member.headers)).within_spending_limit).toBe(false);
    const refused = await repeat(member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('spending_limit_reached');
    expect(await balance(member.id)).toBe(50);
  });
});
