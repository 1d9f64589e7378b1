import {
  CREDIT_PACKAGES_PATH,
  ORDERS_PATH,
  PAYMENT_METHODS_PATH,
  paymentNotifyPath,
  paymentReturnPath,
  type CreateOrderResponse,
  type CreditPackagesResponse,
  type LiveEvent,
  type Order,
  type PaymentMethodsResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { spend } from '../../ledger/credit-ledger.js';
import { DAY_MS, MINUTE_MS } from '../../lib/time.js';
import type { PaymentEvent } from '../../platform/payments/payment-provider.js';
import { createMemoryEventBus } from '../../realtime/event-bus.js';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  memberWithSession,
  sessionCookies,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { answerDevCheckout } from '../../test/dev-checkout.js';
import { DEV_SETTLE_PATH } from './dev-checkout.routes.js';

const ORDER = { package: 'starter', method: 'card', country: 'NL', immediate_delivery: true } as const;

describe.each(TEST_DIALECTS)('payments on %s', (dialect) => {
  let t: TestAppWithMail;
  const events = createMemoryEventBus();

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect, { events });
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const dev = () => t.app.payments.providers.dev!;

  const newMember = (overrides: Parameters<typeof insertMember>[2] = {}) =>
    memberWithSession(db(), t.siteId, { name: 'Bea', ...overrides });

  const balance = async (memberId: number) =>
    (await db().selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow()).credits;
  const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function order(headers: Record<string, string>, body: Record<string, unknown> = ORDER) {
    const response = await t.app.inject({ method: 'POST', url: ORDERS_PATH, headers, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CreateOrderResponse>();
  }

  /** The member on the dev checkout: the page, then a button, then back to the order's page. */
  async function checkout(created: CreateOrderResponse, outcome: 'paid' | 'failed' | 'cancelled' | 'later') {
    expect(await answerDevCheckout(t.app, created.redirect_url, outcome)).toBe(`/transactions/${created.order.id}`);
    return new URL(created.redirect_url);
  }

  /** What the dev processor would say about the order, signed; the test changes what it likes. */
  async function devNotification(orderId: number, change: Record<string, string> = {}) {
    const row = await orderRow(orderId);
    return dev().sign({
      order: String(orderId),
      reference: row.provider_reference ?? '',
      transaction: `tx-${orderId}`,
      state: 'paid',
      amount: String(row.gross),
      currency: row.currency,
      ...change,
    } as Parameters<ReturnType<typeof dev>['sign']>[0]);
  }

  const notify = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: paymentNotifyPath('dev'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('prices the packages in the country asked, else the payment country, else the member country, else the site', async () => {
    const nl = await newMember();
    const list = async (headers: Record<string, string>, query = '') =>
      (await t.app.inject({ url: `${CREDIT_PACKAGES_PATH}${query}`, headers })).json<CreditPackagesResponse>();

    const mine = await list(nl.headers);
    expect(mine.country).toBe('NL');
    expect(mine.packages).toEqual([
      {
        id: 'starter',
        credits: 50,
        bonus_credits: 0,
        price: { amount: 995, currency: 'EUR' },
        // 9.95 for 50 credits, a message costs 10.
        per_message: { amount: 199, currency: 'EUR' },
      },
      {
        id: 'regular',
        credits: 150,
        bonus_credits: 15,
        price: { amount: 2495, currency: 'EUR' },
        // Bonus credits make each message cheaper: 24.95 × 10 / 165.
        per_message: { amount: 151, currency: 'EUR' },
      },
    ]);

    const british = await list(nl.headers, '?country=GB');
    expect(british.country).toBe('GB');
    expect(british.packages.map((pkg) => [pkg.id, pkg.price])).toEqual([['starter', { amount: 895, currency: 'GBP' }]]);

    const chosen = await newMember({ payment_country: 'BE', country: 'NL' });
    expect((await list(chosen.headers)).country).toBe('BE');
    const abroad = await newMember({ country: 'US' });
    expect((await list(abroad.headers)).country).toBe('NL');
  });

  it('tells the VAT inside the price at the rate of the buyer country, and the methods routed there', async () => {
    const { headers } = await newMember();
    const ask = async (country: string) =>
      (
        await t.app.inject({ url: `${PAYMENT_METHODS_PATH}?package=starter&country=${country}`, headers })
      ).json<PaymentMethodsResponse>();

    const german = await ask('DE');
    expect(german.vat_rate_bp).toBe(1900);
    expect(german.net).toEqual({ amount: 920, currency: 'EUR' });
    expect(german.vat).toEqual({ amount: 175, currency: 'EUR' });
    expect(german.methods).toEqual([
      { id: 'card', provider: 'dev' },
      { id: 'ideal', provider: 'dev' },
    ]);
    const dutch = await ask('NL');
    expect([dutch.vat_rate_bp, dutch.net.amount, dutch.vat.amount]).toEqual([2100, 822, 173]);
    const british = await ask('GB');
    expect([british.vat_rate_bp, british.net, british.vat]).toEqual([
      2000,
      { amount: 746, currency: 'GBP' },
      { amount: 149, currency: 'GBP' },
    ]);
  });

  it('refuses an order without the immediate-delivery request, for a package or method not offered', async () => {
    const { headers } = await newMember();
    const refused = async (body: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: ORDERS_PATH, headers, payload: body });
      expect(response.statusCode).toBe(400);
      return response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
    };
    expect((await refused({ ...ORDER, immediate_delivery: false })).fields).toHaveProperty('immediate_delivery');
    expect((await refused({ package: 'starter', method: 'card', country: 'NL' })).fields).toHaveProperty(
      'immediate_delivery',
    );
    expect((await refused({ ...ORDER, package: 'gold' })).fields).toHaveProperty('package');
    expect((await refused({ ...ORDER, country: 'US' })).fields).toHaveProperty('country');
    expect((await refused({ ...ORDER, return_to: 'https://evil.example/' })).fields).toHaveProperty('return_to');
    expect((await refused({ ...ORDER, method: 'sepa_debit' })).code).toBe('payment_method_unavailable');
    expect(await db().selectFrom('orders').select('id').where('member_id', '=', 0).execute()).toEqual([]);
  });

  it("shows an order to its owner only: another member's is not found", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const created = await order(owner.headers, { ...ORDER, return_to: '/chat/12' });
    expect(created.order).toMatchObject({ state: 'pending', provider: 'dev', return_to: '/chat/12' });

    const own = await t.app.inject({ url: `${ORDERS_PATH}?id=${created.order.id}`, headers: owner.headers });
    expect(own.json<Order>()).toMatchObject({
      id: created.order.id,
      state: 'pending',
      gross: { amount: 995, currency: 'EUR' },
    });
    const theirs = await t.app.inject({ url: `${ORDERS_PATH}?id=${created.order.id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found');
    // The payment country the member chose is where the next visit starts.
    const member = await db()
      .selectFrom('members')
      .select('payment_country')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(member.payment_country).toBe('NL');
  });

  it('pays on the dev checkout: credits once, the order turns paid live, and a receipt with the VAT arrives', async () => {
    const buyer = await newMember();
    const seen: LiveEvent[] = [];
    const stop = events.subscribe(buyer.id, (event) => seen.push(event));
    const created = await order(buyer.headers, { ...ORDER, package: 'regular' });
    await checkout(created, 'paid');
    stop();

    expect(await balance(buyer.id)).toBe(165);
    const row = await orderRow(created.order.id);
    expect(row.state).toBe('paid');
    expect(row.paid_at).not.toBeNull();
    expect(seen).toContainEqual({ type: 'order', order_id: created.order.id, state: 'paid' });
    const ledger = await db().selectFrom('credit_ledger').selectAll().where('member_id', '=', buyer.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 165, reason: 'purchase', reference: `order:${created.order.id}` });
    expect(ledger[0]!.business_key).toMatch(new RegExp(`^dev:ord-${created.order.id}:tx-[0-9a-f]+:paid$`));

    const receipt = await t.smtp.waitForMail(buyer.email);
    expect(receipt.subject).toBe(`Your receipt for order ${created.order.id} at Site localhost`);
    expect(receipt.text).toContain('Credits: 165 (of which bonus: 15)');
    expect(receipt.text).toContain('Price excluding VAT: €20.62');
    expect(receipt.text).toContain('VAT (21%): €4.33');
    expect(receipt.text).toContain('Total paid: €24.95');
    expect(receipt.text).toContain('Sold by: Test B.V., Teststraat 1, Amsterdam, Netherlands');
    expect(receipt.text).toContain('VAT number: NL000000000B01');
  });

  it("names the seller's country in the member's language on the receipt (issue 21)", async () => {
    const buyer = await newMember({ language: 'de' });
    await checkout(await order(buyer.headers), 'paid');
    const receipt = await t.smtp.waitForMail(buyer.email);
    expect(receipt.text).toContain('Verkäufer: Test B.V., Teststraat 1, Amsterdam, Niederlande');
  });

  it('credits nothing for a failed or a cancelled payment', async () => {
    const buyer = await newMember();
    const failed = await order(buyer.headers);
    await checkout(failed, 'failed');
    const cancelled = await order(buyer.headers);
    await checkout(cancelled, 'cancelled');
    expect((await orderRow(failed.order.id)).state).toBe('failed');
    expect((await orderRow(cancelled.order.id)).state).toBe('cancelled');
    expect(await balance(buyer.id)).toBe(0);
  });

  it('shows the test checkout in the member language, and refuses a link it did not sign', async () => {
    const { headers } = await newMember();
    const created = await order(headers);
    const url = new URL(created.redirect_url);
    const page = await t.app.inject({ url: url.pathname + url.search, headers: { 'accept-language': 'nl-NL' } });
    expect(page.body).toContain('<h1>Testbetaling</h1>');
    expect(page.body).toMatch(/Bedrag: €\s9,95/);
    expect(page.body).toContain(`Bestelling ${created.order.id}`);
    // Its one style block is allowed by the page's own nonce.
    const nonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);

    url.searchParams.set('sig', 'forged');
    expect((await t.app.inject({ url: url.pathname + url.search })).statusCode).toBe(404);
  });

  it('lets the member pay on the test checkout after the server restarted', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    // A second app on the same database: `npm run dev` restarted, and the dev processor forgot the payment.
    const restarted = await buildApp(t.config, { database: t.database, web: false, events: createMemoryEventBus() });
    try {
      const url = new URL(created.redirect_url);
      const page = await restarted.inject({ url: url.pathname + url.search });
      expect(page.body).toContain('value="paid"');
      const decided = await restarted.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), outcome: 'paid' }).toString(),
      });
      expect(decided.statusCode).toBe(303);
      expect(await balance(buyer.id)).toBe(50);
    } finally {
      await restarted.close();
    }
  });

  it('credits a notification told twice once', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    const fields = await devNotification(created.order.id);
    expect((await notify(fields)).body).toBe('OK');
    expect((await notify(fields)).statusCode).toBe(200);
    // The same event as JSON, as a webhook would send it.
    const asJson = await t.app.inject({ method: 'POST', url: paymentNotifyPath('dev'), payload: fields });
    expect(asJson.statusCode).toBe(200);
    expect(await balance(buyer.id)).toBe(50);
  });

  it('settles an order from the signed return alone, when its notification is not there yet', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    const signed = await devNotification(created.order.id);
    const query = new URLSearchParams({ ...signed, order: String(created.order.id) });
    const returned = await t.app.inject({ url: `${paymentReturnPath('dev')}?${query.toString()}` });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/transactions/${created.order.id}`);
    expect((await orderRow(created.order.id)).state).toBe('paid');
    expect(await balance(buyer.id)).toBe(50);
  });

  it('credits 200 concurrent copies of one notification exactly once, through the function and the route', async () => {
    const direct = await newMember();
    const first = await order(direct.headers);
    const row = await orderRow(first.order.id);
    const event: PaymentEvent = {
      orderId: row.id,
      providerReference: row.provider_reference!,
      state: 'paid',
      eventKey: 'tx-concurrent:paid',
      amount: { amount: row.gross, currency: row.currency },
    };
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => t.app.payments.processing.processPaymentEvents('dev', [event])),
    );
    expect(outcomes.flat().filter((outcome) => outcome.kind === 'applied')).toHaveLength(1);
    expect(await balance(direct.id)).toBe(50);

    const viaHttp = await newMember();
    const second = await order(viaHttp.headers);
    const fields = await devNotification(second.order.id);
    const answers = await Promise.all(Array.from({ length: 200 }, () => notify(fields)));
    expect(answers.filter((answer) => answer.statusCode !== 200)).toEqual([]);
    expect(await balance(viaHttp.id)).toBe(50);
    const rows = await db()
      .selectFrom('credit_ledger')
      .select('delta')
      .where('member_id', 'in', [direct.id, viaHttp.id])
      .execute();
    expect(rows).toEqual([{ delta: 50 }, { delta: 50 }]);
  });

  it('credits nothing and tells staff when the amount, currency or order does not match', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    await notify(await devNotification(created.order.id, { amount: '994', transaction: 'tx-short' }));
    await notify(await devNotification(created.order.id, { currency: 'USD', transaction: 'tx-dollar' }));
    await notify(await devNotification(created.order.id, { order: '999999', transaction: 'tx-stranger' }));

    expect(await balance(buyer.id)).toBe(0);
    expect((await orderRow(created.order.id)).state).toBe('pending');
    const anomalies = await db()
      .selectFrom('payment_anomalies')
      .select(['order_id', 'reason'])
      .where((eb) => eb.or([eb('order_id', '=', created.order.id), eb('order_id', 'is', null)]))
      .orderBy('id')
      .execute();
    expect(anomalies).toEqual([
      { order_id: created.order.id, reason: 'amount_mismatch' },
      { order_id: created.order.id, reason: 'currency_mismatch' },
      { order_id: null, reason: 'unknown_order' },
    ]);
  });

  it('refuses a forged or unsigned notification and changes nothing', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    const { signature: _signature, ...unsigned } = await devNotification(created.order.id);
    const forged = { ...(await devNotification(created.order.id)), amount: '1' };
    // A signature made with another secret, as someone guessing the key would.
    const otherKey = { ...(await devNotification(created.order.id)), signature: 'A'.repeat(43) };
    for (const fields of [unsigned, forged, otherKey]) {
      const response = await notify(fields);
      expect(response.statusCode).toBe(400);
    }
    expect((await notify({})).statusCode).toBe(400);
    expect(await balance(buyer.id)).toBe(0);
    expect((await orderRow(created.order.id)).state).toBe('pending');
    const recorded = await db()
      .selectFrom('payment_events')
      .select('event_key')
      .where('order_id', '=', created.order.id)
      .execute();
    expect(recorded).toEqual([]);
  });

  it('takes back exactly what was bought on a refund, even below zero', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers, { ...ORDER, package: 'regular' });
    await checkout(created, 'paid');
    await db()
      .transaction()
      .execute((trx) => spend(trx, buyer.id, 100, 'message'));
    const refund = dev().reversal(created.order.id, 'refunded');
    expect((await notify(refund)).statusCode).toBe(200);
    expect((await notify(refund)).statusCode).toBe(200);
    expect(await balance(buyer.id)).toBe(-100);
    expect((await orderRow(created.order.id)).state).toBe('refunded');
    const ledger = await db()
      .selectFrom('credit_ledger')
      .select(['delta', 'reason'])
      .where('member_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: 165, reason: 'purchase' },
      { delta: -100, reason: 'message' },
      { delta: -165, reason: 'refund' },
    ]);
  });

  it('takes back what was bought on a chargeback and blocks spending until settled', async () => {
    const buyer = await newMember();
    const kept = await order(buyer.headers);
    await checkout(kept, 'paid');
    const disputed = await order(buyer.headers);
    await checkout(disputed, 'paid');
    expect(await balance(buyer.id)).toBe(100);

    expect((await notify(dev().reversal(disputed.order.id, 'charged_back'))).statusCode).toBe(200);
    expect(await balance(buyer.id)).toBe(50);
    expect((await orderRow(disputed.order.id)).state).toBe('charged_back');
    await expect(
      db()
        .transaction()
        .execute((trx) => spend(trx, buyer.id, 10, 'message')),
    ).rejects.toMatchObject({
      statusCode: 403,
      code: 'spending_blocked',
    });
    expect(await balance(buyer.id)).toBe(50);

    await db().updateTable('members').set({ spending_blocked_at: null }).where('id', '=', buyer.id).execute();
    await db()
      .transaction()
      .execute((trx) => spend(trx, buyer.id, 10, 'message'));
    expect(await balance(buyer.id)).toBe(40);
  });

  it('keeps the checkout open after "pay later", so the member can pay there afterwards', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    await checkout(created, 'later');
    expect((await orderRow(created.order.id)).state).toBe('pending');
    expect(await balance(buyer.id)).toBe(0);
    await checkout(created, 'paid');
    expect((await orderRow(created.order.id)).state).toBe('paid');
    expect(await balance(buyer.id)).toBe(50);
  });

  it('credits a payment that succeeds after the tab closed, when its late notification comes', async () => {
    const buyer = await newMember();
    const created = await order(buyer.headers);
    const url = await checkout(created, 'later');

    const settle = `${DEV_SETTLE_PATH}?order=${created.order.id}&sig=${url.searchParams.get('sig')}`;
    expect((await t.app.inject({ method: 'POST', url: settle })).statusCode).toBe(204);
    expect((await orderRow(created.order.id)).state).toBe('paid');
    expect(await balance(buyer.id)).toBe(50);
    expect((await t.app.inject({ method: 'POST', url: settle })).statusCode).toBe(404);
  });

  it('re-checks stuck orders: finds one paid whose notification never came, and expires an abandoned one', async () => {
    const buyer = await newMember();
    const lost = await order(buyer.headers);
    const url = await checkout(lost, 'later');
    // It completes at the processor, whose notification never arrives.
    const settle = `${DEV_SETTLE_PATH}?order=${lost.order.id}&sig=${url.searchParams.get('sig')}&notify=0`;
    expect((await t.app.inject({ method: 'POST', url: settle })).statusCode).toBe(204);
    const abandoned = await order(buyer.headers);
    const now = Date.now();

    // Not yet quiet long enough: nothing is asked.
    await t.app.payments.recheckOrders(now);
    expect((await orderRow(lost.order.id)).state).toBe('pending');

    await t.app.payments.recheckOrders(now + 20 * MINUTE_MS);
    expect((await orderRow(lost.order.id)).state).toBe('paid');
    expect(await balance(buyer.id)).toBe(50);
    // Its processor still says pending, and a day has not passed.
    expect((await orderRow(abandoned.order.id)).state).toBe('pending');

    await t.app.payments.recheckOrders(now + DAY_MS + MINUTE_MS);
    expect((await orderRow(abandoned.order.id)).state).toBe('expired');
    expect(await balance(buyer.id)).toBe(50);
  });
});

describe('payments in production', () => {
  it('has no test checkout and no dev notify path', async () => {
    const t = await createTestAppWithMail('sqlite', {
      env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) },
    });
    try {
      expect(t.app.payments.providers.enabled.has('dev')).toBe(false);
      expect((await t.app.inject({ url: '/payments/dev/checkout?order=1&sig=x' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: paymentNotifyPath('dev') })).statusCode).toBe(404);
      const id = await insertMember(t.database.db, t.siteId, { country: 'NL' });
      const response = await t.app.inject({
        method: 'POST',
        url: ORDERS_PATH,
        headers: browserHeaders(await sessionCookies(t.database.db, id)),
        payload: ORDER,
      });
      // The site routes everything through dev, which production does not offer.
      expect(response.json().error.code).toBe('payment_method_unavailable');
    } finally {
      await t.close();
    }
  });
});
