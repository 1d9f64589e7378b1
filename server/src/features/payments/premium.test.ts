import {
  PREMIUM_ORDERS_PATH,
  PRICING_PATH,
  PUBLIC_CANCEL_PATH,
  SUBSCRIPTION_PATH,
  type CreateOrderResponse,
  type CreditsResponse,
  type PremiumCheckoutResponse,
  type PricingResponse,
  type SubscriptionResponse,
  type User,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../lib/time.js';
import { addMonths } from '../../platform/payments/premium-terms.js';
import { browserHeaders, createTestAppWithMail, memberWithSession, type TestAppWithMail } from '../../test/fixtures.js';
import { answerDevCheckout } from '../../test/dev-checkout.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const MONTH = { plan: 'month', method: 'card', country: 'NL', immediate_start: true } as const;

describe.each(TEST_DIALECTS)('premium on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;

  const newMember = () => memberWithSession(db(), t.siteId, { name: 'Pia' });

  const subscriptionRow = (memberId: number) =>
    db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const memberRow = (memberId: number) =>
    db()
      .selectFrom('members')
      .select(['credits', 'premium_until'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  const mailsTo = (email: string, subject: RegExp) =>
    t.smtp.messages.filter(
      (mail) => mail.to && JSON.stringify(mail.to).includes(email) && subject.test(mail.subject ?? ''),
    );

  async function subscription(headers: Record<string, string>) {
    const response = await t.app.inject({ url: SUBSCRIPTION_PATH, headers });
    expect(response.statusCode).toBe(200);
    return response.json<SubscriptionResponse>();
  }

  const act = (headers: Record<string, string>, action: string) =>
    t.app.inject({ method: 'POST', url: SUBSCRIPTION_PATH, headers, payload: { action } });

  /** Orders a plan and answers the dev checkout with `outcome`, as the member's browser would. */
  async function buy(
    member: { headers: Record<string, string> },
    outcome: 'paid' | 'failed' = 'paid',
    body: Record<string, unknown> = MONTH,
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: PREMIUM_ORDERS_PATH,
      headers: member.headers,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<CreateOrderResponse>();
    expect(await answerDevCheckout(t.app, created.redirect_url, outcome)).toBe(`/transactions/${created.order.id}`);
    return created;
  }

  it('shows visitors the plans, the benefits and what a message costs with premium', async () => {
    const response = await t.app.inject({ url: `${PRICING_PATH}?country=NL` });
    expect(response.statusCode).toBe(200);
    const pricing = response.json<PricingResponse>();
    expect(pricing.message_credits).toBe(10);
    expect(pricing.premium_message_credits).toBe(8);
    expect(pricing.packages.map((pkg) => pkg.id)).toEqual(['starter', 'regular']);
    expect(pricing.premium?.benefits).toEqual({
      no_ads: true,
      message_discount_percent: 20,
      monthly_bonus_credits: 50,
    });
    // Without premium a member sees the latest 3 visitors of their profile (the default): premium shows all.
    expect(pricing.premium?.visitors_free).toBe(3);
    expect(pricing.premium?.plans).toEqual([
      {
        id: 'month',
        months: 1,
        price: { amount: 1995, currency: 'EUR' },
        per_month: { amount: 1995, currency: 'EUR' },
        renewal_price: { amount: 1995, currency: 'EUR' },
      },
      {
        id: 'quarter',
        months: 3,
        price: { amount: 4995, currency: 'EUR' },
        per_month: { amount: 1665, currency: 'EUR' },
        renewal_price: { amount: 1695, currency: 'EUR' },
      },
    ]);
  });

  it('refuses an order without the immediate-start request or with an unknown plan, next to the field', async () => {
    const member = await newMember();
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: PREMIUM_ORDERS_PATH, headers: member.headers, payload });
    const { immediate_start: _, ...unticked } = MONTH;
    const missing = await post(unticked);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('immediate_start');
    const unknown = await post({ ...MONTH, plan: 'forever' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ plan: 'validation.choice_invalid' });
    expect(await db().selectFrom('subscriptions').where('member_id', '=', member.id).selectAll().execute()).toEqual([]);
  });

  it('buys a month: premium with its bonus credits and cheaper messages, a receipt, and one membership at a time', async () => {
    const member = await newMember();
    const before = Date.now();
    const created = await buy(member);
    expect(created.order.plan).toEqual({ id: 'month', months: 1, renewal: false });
    expect(created.order.gross).toEqual({ amount: 1995, currency: 'EUR' });

    const row = await subscriptionRow(member.id);
    expect(row).toMatchObject({ state: 'active', renews: 1, plan_id: 'month', renewal_amount: 1995 });
    expect(row.mandate).toMatch(/^mandate-dev-/);
    expect(row.current_period_end).toBeGreaterThanOrEqual(addMonths(before, 1));
    const { credits, premium_until } = await memberRow(member.id);
    expect(credits).toBe(50);
    expect(premium_until).toBe(row.current_period_end);

    const user = (await t.app.inject({ url: '/api/user.php', headers: member.headers })).json<User>();
    expect(user.paid_user).toBe(true);
    const costs = (await t.app.inject({ url: '/api/credits.php', headers: member.headers })).json<CreditsResponse>();
    expect(costs.message_cost).toEqual({ credits: 8, costs: 1.2, currency: 'EUR' });

    const receipt = await t.smtp.waitForMail(member.email);
    expect(receipt.subject).toBe(`Your receipt for order ${created.order.id} at Site localhost`);
    expect(receipt.text).toContain('Premium membership: 1 month');
    expect(receipt.text).toContain('Bonus credits: 50');
    expect(receipt.text).toContain('renews each month for €19.95 until you cancel');

    const mine = await subscription(member.headers);
    expect(mine.premium).toBe(true);
    expect(mine.subscription).toMatchObject({ plan: 'month', state: 'active', renews: true });
    expect(mine.subscription?.withdrawal_refund?.amount).toBeGreaterThan(1990);

    const again = await t.app.inject({
      method: 'POST',
      url: PREMIUM_ORDERS_PATH,
      headers: member.headers,
      payload: MONTH,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('premium_running');
    const offer = (
      await t.app.inject({ url: `${PREMIUM_ORDERS_PATH}?plan=quarter&country=NL`, headers: member.headers })
    ).json<PremiumCheckoutResponse>();
    expect(offer.can_order).toBe(false);
  });

  it('never starts premium when the first payment fails', async () => {
    const member = await newMember();
    await buy(member, 'failed');
    expect(await subscriptionRow(member.id)).toMatchObject({ state: 'ended', renews: 0, started_at: null });
    expect((await memberRow(member.id)).premium_until).toBeNull();
    expect((await subscription(member.headers)).premium).toBe(false);
  });

  it('reminds once before the renewal, then renews exactly once through the mandate, a month on', async () => {
    const member = await newMember();
    await buy(member);
    await t.smtp.waitForMail(member.email);
    const first = await subscriptionRow(member.id);
    const end = first.current_period_end!;

    await t.app.payments.recheckOrders(end - 6 * DAY_MS);
    await t.app.payments.recheckOrders(end - 5 * DAY_MS);
    const reminder = await t.smtp.waitForMail(member.email);
    expect(reminder.subject).toMatch(/^Your premium membership at Site localhost renews on /);
    expect(reminder.text).toContain('€19.95 will be charged');
    expect(mailsTo(member.email, /renews on/)).toHaveLength(1);

    await Promise.all([t.app.payments.recheckOrders(end + MINUTE_MS), t.app.payments.recheckOrders(end + MINUTE_MS)]);
    await t.app.payments.recheckOrders(end + 2 * MINUTE_MS);
    const renewals = await db()
      .selectFrom('orders')
      .selectAll()
      .where('subscription_id', '=', first.id)
      .where('renewal', '=', 1)
      .execute();
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ state: 'paid', gross: 1995, plan_months: 1, bonus_credits: 50 });
    const renewed = await subscriptionRow(member.id);
    expect(renewed).toMatchObject({ state: 'active', current_period_end: addMonths(end, 1) });
    expect(await memberRow(member.id)).toEqual({ credits: 100, premium_until: addMonths(end, 1) });
    expect((await t.smtp.waitForMail(member.email)).text).toContain('Premium membership: 1 month');
  });

  it('cancels in the account: no renewal, a confirmation mail, resumable until the end, then over', async () => {
    const member = await newMember();
    await buy(member);
    await t.smtp.waitForMail(member.email);

    const cancelled = await act(member.headers, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<SubscriptionResponse>().subscription).toMatchObject({ renews: false, state: 'active' });
    const confirmation = await t.smtp.waitForMail(member.email);
    expect(confirmation.subject).toBe('Your cancellation at Site localhost is confirmed');
    expect(confirmation.text).toContain('Your membership will not renew.');
    expect((await act(member.headers, 'cancel')).statusCode).toBe(400);

    expect((await act(member.headers, 'resume')).json<SubscriptionResponse>().subscription?.renews).toBe(true);
    await act(member.headers, 'cancel');

    const end = (await subscriptionRow(member.id)).current_period_end!;
    await t.app.payments.recheckOrders(end - 6 * DAY_MS);
    await t.app.payments.recheckOrders(end + MINUTE_MS);
    expect(await subscriptionRow(member.id)).toMatchObject({ state: 'ended', ended_by: 'account' });
    expect(mailsTo(member.email, /renews on/)).toHaveLength(0);
    expect(
      await db().selectFrom('orders').selectAll().where('member_id', '=', member.id).where('renewal', '=', 1).execute(),
    ).toEqual([]);
  });

  it('cancels from the public page without logging in, answering alike for any address', async () => {
    const member = await newMember();
    await buy(member);
    await t.smtp.waitForMail(member.email);
    const withoutMembership = await newMember();
    const stranger = 'nobody-here@example.test';

    const post = (email: string) =>
      t.app.inject({ method: 'POST', url: PUBLIC_CANCEL_PATH, headers: browserHeaders(), payload: { email } });
    const answers = await Promise.all([
      post(member.email.toUpperCase()),
      post(withoutMembership.email),
      post(stranger),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(Object.keys(answer.json())).toEqual(['received_at']);
    }

    expect(await subscriptionRow(member.id)).toMatchObject({ renews: 0, ended_by: 'public_page', state: 'active' });
    expect((await t.smtp.waitForMail(member.email)).subject).toBe('Your cancellation at Site localhost is confirmed');
    const none = await t.smtp.waitForMail(withoutMembership.email);
    expect(none.text).toContain('We found no membership for this address that still renews');
    expect(t.smtp.messages.some((mail) => JSON.stringify(mail.to).includes(stranger))).toBe(false);

    const invalid = await t.app.inject({
      method: 'POST',
      url: PUBLIC_CANCEL_PATH,
      headers: browserHeaders(),
      payload: { email: 'not an address' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ email: 'validation.email_invalid' });
  });

  it('withdraws within 14 days: premium ends, the unused part and its credits come back, and a confirmation', async () => {
    const member = await newMember();
    await buy(member);
    await t.smtp.waitForMail(member.email);

    const response = await act(member.headers, 'withdraw');
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<SubscriptionResponse>();
    expect(after.premium).toBe(false);
    expect(after.subscription).toMatchObject({ state: 'ended', renews: false, withdrawal_until: null });

    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe('refunded');
    expect(order.refund_amount).toBeGreaterThan(1990);
    expect(order.refund_amount).toBeLessThanOrEqual(1995);
    const { credits, premium_until } = await memberRow(member.id);
    expect(credits).toBe(50 - Math.floor((50 * order.refund_amount!) / 1995));
    expect(premium_until).toBeLessThanOrEqual(Date.now());
    const mail = await t.smtp.waitForMail(member.email);
    expect(mail.subject).toBe('Your withdrawal at Site localhost is confirmed');
    expect(mail.text).toContain('of the €19.95 you paid');
    expect((await act(member.headers, 'withdraw')).statusCode).toBe(400);
  });

  it('no longer offers the withdrawal after 14 days', async () => {
    const member = await newMember();
    await buy(member);
    const row = await subscriptionRow(member.id);
    await db()
      .updateTable('subscriptions')
      .set({ started_at: row.started_at! - 15 * DAY_MS })
      .where('id', '=', row.id)
      .execute();
    expect((await subscription(member.headers)).subscription?.withdrawal_until).toBeNull();
    expect((await act(member.headers, 'withdraw')).statusCode).toBe(400);
    expect(await subscriptionRow(member.id)).toMatchObject({ state: 'active', withdrawn_at: null });
  });

  it("lets no member act on another's membership: each call is the caller's own", async () => {
    const owner = await newMember();
    await buy(owner);
    const other = await newMember();
    expect((await subscription(other.headers)).subscription).toBeNull();
    for (const action of ['cancel', 'withdraw', 'resume']) {
      expect((await act(other.headers, action)).statusCode).toBe(400);
    }
    expect(await subscriptionRow(owner.id)).toMatchObject({ state: 'active', renews: 1, withdrawn_at: null });
    expect((await t.app.inject({ url: SUBSCRIPTION_PATH })).statusCode).toBe(403);
  });

  it('ends premium when a renewal cannot be charged', async () => {
    const member = await newMember();
    await buy(member);
    const row = await subscriptionRow(member.id);
    await db().updateTable('subscriptions').set({ mandate: null }).where('id', '=', row.id).execute();
    await t.app.payments.recheckOrders(row.current_period_end! + MINUTE_MS);
    expect(await subscriptionRow(member.id)).toMatchObject({ state: 'ended', ended_by: 'renewal_failed' });
    expect((await memberRow(member.id)).premium_until).toBe(row.current_period_end);
  });

  it('never charges a renewal to a banned or deleted account', async () => {
    const member = await newMember();
    await buy(member);
    const row = await subscriptionRow(member.id);
    await db().updateTable('members').set({ status: 'banned' }).where('id', '=', member.id).execute();
    await t.app.payments.recheckOrders(row.current_period_end! + MINUTE_MS);
    expect(await subscriptionRow(member.id)).toMatchObject({ state: 'ended', ended_by: 'account_closed' });
    expect(
      await db().selectFrom('orders').selectAll().where('member_id', '=', member.id).where('renewal', '=', 1).execute(),
    ).toEqual([]);
  });

  it('renews only one membership when two first terms ordered at once are both paid, keeping the days of both', async () => {
    const member = await newMember();
    const order = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: PREMIUM_ORDERS_PATH,
        headers: member.headers,
        payload: MONTH,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CreateOrderResponse>();
    };
    const [first, second] = [await order(), await order()];
    await answerDevCheckout(t.app, first.redirect_url, 'paid');
    await answerDevCheckout(t.app, second.redirect_url, 'paid');

    const rows = await db()
      .selectFrom('subscriptions')
      .selectAll()
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.state, row.renews, row.ended_by])).toEqual([
      ['active', 1, null],
      ['active', 0, 'duplicate'],
    ]);
    const latestEnd = Math.max(...rows.map((row) => row.current_period_end!));
    expect((await memberRow(member.id)).premium_until).toBe(latestEnd);
  });
});
