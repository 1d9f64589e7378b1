import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ForgedNotificationError,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderRequest,
} from '../payment-provider.js';
import { createMollieProvider } from './mollie-provider.js';
import { startMollieStub, type MollieStub } from './mollie-stub.js';

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: 42,
  purchase: 'credits',
  method: 'ideal',
  amount: { amount: 1000, currency: 'EUR' },
  country: 'NL',
  description: 'Rendezvous: 100 credits',
  email: 'anna@example.org',
  locale: 'nl',
  returnUrl: 'https://rendezvous.example/api/payments/mollie/return?order=42',
  notifyUrl: 'https://rendezvous.example/api/payments/mollie/notify',
  ...overrides,
});

const webhook = (body: Record<string, unknown>): ProviderRequest => ({
  method: 'POST',
  query: {},
  body,
  rawBody: new URLSearchParams(body as Record<string, string>).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('Mollie provider against a local Mollie', () => {
  let stub: MollieStub;
  let mollie: PaymentProvider;
  const lastRequest = () => stub.requests.at(-1);

  beforeAll(async () => {
    stub = await startMollieStub();
    mollie = createMollieProvider({ baseUrl: stub.url, apiKey: stub.apiKey });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });

  async function paidPayment(overrides: Partial<CheckoutRequest> = {}) {
    const { providerReference } = await mollie.createCheckout(checkout(overrides));
    stub.setStatus(providerReference!, 'paid');
    return providerReference!;
  }

  it('creates a payment as the docs define it and sends the member to its checkout page', async () => {
    const start = await mollie.createCheckout(checkout());

    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/payments', authorization: `Bearer ${stub.apiKey}` });
    expect(request?.body).toEqual({
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Rendezvous: 100 credits',
      redirectUrl: 'https://rendezvous.example/api/payments/mollie/return?order=42',
      webhookUrl: 'https://rendezvous.example/api/payments/mollie/notify',
      metadata: { order_id: 42 },
      method: 'ideal',
      locale: 'nl_NL',
      restrictPaymentMethodsToCountry: 'NL',
    });
    expect(start.providerReference).toMatch(/^tr_/);
    expect(start.redirectUrl).toBe(`${stub.url}/checkout/select-method/${start.providerReference}`);
  });

  it('writes amounts with the decimals of their currency and asks Mollie in the member’s regional locale', async () => {
    await mollie.createCheckout(checkout({ amount: { amount: 1500, currency: 'JPY' }, method: 'card' }));
    expect(lastRequest()?.body).toMatchObject({ amount: { currency: 'JPY', value: '1500' }, method: 'creditcard' });

    await mollie.createCheckout(checkout({ amount: { amount: 5, currency: 'PLN' }, country: 'BE', locale: 'fr' }));
    expect(lastRequest()?.body).toMatchObject({ amount: { currency: 'PLN', value: '0.05' }, locale: 'fr_BE' });
  });

  it('turns a webhook for a paid payment into one paid event, the same however often it comes', async () => {
    const id = await paidPayment();
    stub.requests.length = 0;

    const first = await mollie.parseNotification(webhook({ id }));
    const again = await mollie.parseNotification(webhook({ id }));

    expect(first).toEqual([
      {
        orderId: 42,
        providerReference: id,
        state: 'paid',
        eventKey: `${id}:paid`,
        amount: { amount: 1000, currency: 'EUR' },
      },
    ]);
    expect(again).toEqual(first);
    // The webhook said nothing but the id: what it reports came from asking Mollie with our key.
    expect(stub.requests[0]).toMatchObject({
      method: 'GET',
      path: `/payments/${id}`,
      authorization: `Bearer ${stub.apiKey}`,
    });
  });

  it('reports the amount and currency Mollie holds, not the ones the order expected', async () => {
    const id = stub.addPayment({
      amount: { currency: 'GBP', value: '9.99' },
      metadata: { order_id: 42 },
      status: 'paid',
    });
    const events = await mollie.parseNotification(webhook({ id }));
    expect(events).toEqual([
      expect.objectContaining({ orderId: 42, state: 'paid', amount: { amount: 999, currency: 'GBP' } }),
    ]);

    const yen = stub.addPayment({
      amount: { currency: 'JPY', value: '1500' },
      metadata: { order_id: 7 },
      status: 'paid',
    });
    expect(await mollie.parseNotification(webhook({ id: yen }))).toEqual([
      expect.objectContaining({ orderId: 7, amount: { amount: 1500, currency: 'JPY' } }),
    ]);
  });

  it('refuses a webhook without an id, with an id Mollie does not know, or for a payment that is not ours', async () => {
    await expect(mollie.parseNotification(webhook({}))).rejects.toBeInstanceOf(ForgedNotificationError);
    await expect(mollie.parseNotification(webhook({ id: 'tr_madeUp123' }))).rejects.toBeInstanceOf(
      ForgedNotificationError,
    );
    const stranger = stub.addPayment({ amount: { currency: 'EUR', value: '5.00' }, metadata: null, status: 'paid' });
    await expect(mollie.parseNotification(webhook({ id: stranger }))).rejects.toBeInstanceOf(ForgedNotificationError);

    stub.requests.length = 0;
    await expect(mollie.parseNotification(webhook({ id: '../customers' }))).rejects.toBeInstanceOf(
      ForgedNotificationError,
    );
    expect(stub.requests).toEqual([]);
  });

  it.each([
    ['open', 'pending'],
    ['pending', 'pending'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
  ] as const)('reports a payment Mollie calls %s as %s', async (status, state) => {
    const { providerReference: id } = await mollie.createCheckout(checkout());
    stub.setStatus(id!, status);
    expect(await mollie.parseNotification(webhook({ id }))).toEqual([
      expect.objectContaining({ state, eventKey: `${id}:${state}` }),
    ]);
  });

  it('finds a payment made after the member closed the tab when the order is re-checked', async () => {
    const { providerReference } = await mollie.createCheckout(checkout());
    const order = { orderId: 42, providerReference, amount: { amount: 1000, currency: 'EUR' } };
    expect(await mollie.fetchStatus(order)).toEqual([expect.objectContaining({ state: 'pending' })]);

    stub.setStatus(providerReference!, 'paid');
    expect(await mollie.fetchStatus(order)).toEqual([
      expect.objectContaining({ orderId: 42, state: 'paid', eventKey: `${providerReference}:paid` }),
    ]);
    expect(await mollie.fetchStatus({ ...order, providerReference: null })).toEqual([]);
  });

  it('reports each refund once the money is back with the member, and each chargeback not reversed', async () => {
    const id = await paidPayment();
    const settled = stub.addRefund(id, { currency: 'EUR', value: '2.50' }, 'refunded');
    stub.addRefund(id, { currency: 'EUR', value: '1.00' }, 'processing');
    const chargeback = stub.addChargeback(id, { currency: 'EUR', value: '6.50' });
    stub.addChargeback(id, { currency: 'EUR', value: '1.00' }, { reversed: true });

    const events = await mollie.parseNotification(webhook({ id }));

    expect(events).toEqual([
      expect.objectContaining({ state: 'paid', eventKey: `${id}:paid` }),
      {
        orderId: 42,
        providerReference: id,
        state: 'refunded',
        eventKey: `${settled}:refunded`,
        amount: { amount: 250, currency: 'EUR' },
      },
      {
        orderId: 42,
        providerReference: id,
        state: 'charged_back',
        eventKey: `${chargeback}:charged_back`,
        amount: { amount: 650, currency: 'EUR' },
      },
    ]);
  });

  it('asks Mollie for a refund and credits nothing back until Mollie says it is refunded', async () => {
    const id = await paidPayment();
    const order = { orderId: 42, providerReference: id, amount: { amount: 1000, currency: 'EUR' } };

    expect(await mollie.refund(order, { amount: 400, currency: 'EUR' })).toEqual([]);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/payments/${id}/refunds`,
      body: { amount: { currency: 'EUR', value: '4.00' } },
    });
    expect(await mollie.parseNotification(webhook({ id }))).toEqual([expect.objectContaining({ state: 'paid' })]);

    const [refundId] = stub.refundIds(id);
    stub.setRefundStatus(id, refundId!, 'refunded');
    expect(await mollie.parseNotification(webhook({ id }))).toContainEqual(
      expect.objectContaining({ state: 'refunded', amount: { amount: 400, currency: 'EUR' } }),
    );
  });

  it('maps the methods Mollie offers for a country and amount to ours', async () => {
    stub.setMethods(['applepay', 'ideal', 'creditcard', 'banktransfer', 'paypal', 'paysafecard', 'directdebit']);
    const methods = await mollie.methods({
      country: 'NL',
      amount: { amount: 1995, currency: 'EUR' },
      purchase: 'credits',
    });

    expect(methods).toEqual(['ideal', 'card', 'sepa_debit', 'paysafecard']);
    expect(lastRequest()?.path).toBe('/methods');
    expect(Object.fromEntries(lastRequest()!.query)).toEqual({
      'amount[value]': '19.95',
      'amount[currency]': 'EUR',
      billingCountry: 'NL',
    });

    stub.setMethods(['bancontact', 'creditcard']);
    expect(
      await mollie.methods({ country: 'BE', amount: { amount: 999, currency: 'EUR' }, purchase: 'premium' }),
    ).toEqual(['bancontact', 'card']);
    expect(lastRequest()?.query.get('sequenceType')).toBe('first');
  });

  it('starts premium with a customer and a first payment, and charges the mandate it leaves', async () => {
    const start = await mollie.createCheckout(
      checkout({ purchase: 'premium', recurring: { period: 'month', amount: { amount: 1000, currency: 'EUR' } } }),
    );
    const [customerRequest, paymentRequest] = stub.requests;
    expect(customerRequest).toMatchObject({
      method: 'POST',
      path: '/customers',
      body: { email: 'anna@example.org', locale: 'nl_NL', metadata: { order_id: 42 } },
    });
    expect(paymentRequest?.body).toMatchObject({ sequenceType: 'first', customerId: expect.stringMatching(/^cst_/) });

    stub.setStatus(start.providerReference!, 'paid');
    const [paid] = await mollie.parseNotification(webhook({ id: start.providerReference }));
    expect(paid?.mandate).toMatch(/^cst_\w+\/mdt_\w+$/);

    stub.requests.length = 0;
    const renewal = await mollie.chargeRecurring({
      orderId: 43,
      amount: { amount: 1000, currency: 'EUR' },
      description: 'Rendezvous premium, December',
      mandate: paid!.mandate!,
      notifyUrl: 'https://rendezvous.example/api/payments/mollie/notify',
    });
    const [customerId, mandateId] = paid!.mandate!.split('/');
    expect(lastRequest()?.body).toEqual({
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Rendezvous premium, December',
      webhookUrl: 'https://rendezvous.example/api/payments/mollie/notify',
      metadata: { order_id: 43 },
      sequenceType: 'recurring',
      customerId,
      mandateId,
    });
    expect(renewal.providerReference).toMatch(/^tr_/);
    expect(
      await mollie.fetchStatus({
        orderId: 43,
        providerReference: renewal.providerReference,
        amount: { amount: 1000, currency: 'EUR' },
      }),
    ).toEqual([expect.objectContaining({ orderId: 43, state: 'pending', mandate: paid!.mandate })]);
  });

  it('cancels a subscription at the customer it belongs to', async () => {
    const subscriptionId = stub.addSubscription('cst_member1');
    await mollie.cancelSubscription({ providerSubscriptionId: `cst_member1/${subscriptionId}` });
    expect(lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/customers/cst_member1/subscriptions/${subscriptionId}`,
    });
    expect(stub.subscriptionStatus('cst_member1', subscriptionId)).toBe('canceled');

    await expect(mollie.cancelSubscription({ providerSubscriptionId: 'sub_withoutCustomer' })).rejects.toThrow(
      /not a Mollie customer and subscription/,
    );
  });

  it('surfaces what Mollie says went wrong', async () => {
    stub.failNext(422, 'The amount is lower than the minimum for iDEAL');
    await expect(mollie.createCheckout(checkout())).rejects.toThrow('The amount is lower than the minimum for iDEAL');

    const wrongKey = createMollieProvider({ baseUrl: stub.url, apiKey: 'test_notOurs' });
    await expect(
      wrongKey.fetchStatus({ orderId: 1, providerReference: 'tr_x1', amount: { amount: 1, currency: 'EUR' } }),
    ).rejects.toThrow(/401: Missing authentication/);
  });

  it('takes nothing from the return redirect and answers the webhook with an empty 200', async () => {
    expect(
      await mollie.parseReturn({ method: 'GET', query: { order: '42' }, body: {}, rawBody: '', headers: {} }),
    ).toEqual([]);
    expect(mollie.acknowledge()).toEqual({ status: 200, contentType: 'text/plain', body: '' });
  });
});
