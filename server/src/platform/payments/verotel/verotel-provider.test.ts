import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ForgedNotificationError, type CheckoutRequest, type ProviderRequest } from '../payment-provider.js';
import { createVerotelProvider, NotOfferedByVerotelError } from './verotel-provider.js';
import { startVerotelStub, type StubParams, type VerotelStub } from './verotel-stub.js';

let stub: VerotelStub;
let provider: ReturnType<typeof createVerotelProvider>;

beforeAll(async () => {
  stub = await startVerotelStub();
  provider = createVerotelProvider({ baseUrl: stub.baseUrl, shopId: stub.shopId, signatureKey: stub.signatureKey });
});
afterAll(() => stub.close());
beforeEach(() => stub.failStatus(null));

let nextOrderId = 41;

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const orderId = nextOrderId++;
  return {
    orderId,
    purchase: 'credits',
    method: 'card',
    amount: { amount: 1999, currency: 'EUR' },
    country: 'NL',
    description: '250 credits',
    email: 'anna@example.com',
    locale: 'nl',
    returnUrl: `https://rendezvous.example/api/payments/verotel/return?order=${orderId}`,
    notifyUrl: 'https://rendezvous.example/api/payments/verotel/notify',
    ...overrides,
  };
}

/** A request from Verotel as the payments module hands it over: FlexPay sends GET parameters. */
function fromVerotel(params: StubParams): ProviderRequest {
  return { method: 'GET', query: params, body: {}, rawBody: '', headers: {} };
}

/** The member reaches Verotel's order page: the stub checks the URL's signature itself. */
async function startAtVerotel(request: CheckoutRequest) {
  const { redirectUrl, providerReference } = await provider.createCheckout(request);
  const page = await fetch(redirectUrl);
  expect(page.status, 'the order page accepts the signed URL').toBe(200);
  expect(providerReference).toBeNull();
  return redirectUrl;
}

describe('Verotel FlexPay checkout', () => {
  it("sends the member to an order page whose signature Verotel's side accepts, with our order as reference", async () => {
    const order = checkout();
    await startAtVerotel(order);
    expect(stub.orders.get(String(order.orderId))).toMatchObject({
      type: 'purchase',
      version: '4',
      shopID: stub.shopId,
      priceAmount: '19.99',
      priceCurrency: 'EUR',
      paymentMethod: 'CC',
      description: '250 credits',
      referenceID: String(order.orderId),
      successURL: order.returnUrl,
      declineURL: order.returnUrl,
      email: 'anna@example.com',
    });
  });

  it('is refused by Verotel when anyone changes the price on the way', async () => {
    const { redirectUrl } = await provider.createCheckout(checkout());
    const tampered = new URL(redirectUrl);
    tampered.searchParams.set('priceAmount', '0.01');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('takes iDEAL and SEPA direct debit only where FlexPay offers them', async () => {
    const euros = { amount: 1999, currency: 'EUR' };
    expect(await provider.methods({ country: 'NL', amount: euros, purchase: 'credits' })).toEqual([
      'card',
      'sepa_debit',
      'ideal',
    ]);
    expect(await provider.methods({ country: 'DE', amount: euros, purchase: 'credits' })).toEqual([
      'card',
      'sepa_debit',
    ]);
    expect(await provider.methods({ country: 'PL', amount: euros, purchase: 'credits' })).toEqual(['card']);
    expect(await provider.methods({ country: 'NL', amount: euros, purchase: 'premium' })).toEqual(['card']);
    expect(
      await provider.methods({ country: 'PL', amount: { amount: 4999, currency: 'PLN' }, purchase: 'credits' }),
    ).toEqual([]);
    await expect(provider.createCheckout(checkout({ method: 'ideal', country: 'BE' }))).rejects.toThrow(/ideal/);
  });

  it('starts a monthly subscription for premium, with a different first month as FlexPay trial', async () => {
    const order = checkout({
      purchase: 'premium',
      amount: { amount: 499, currency: 'EUR' },
      recurring: { period: 'month', amount: { amount: 999, currency: 'EUR' } },
    });
    await startAtVerotel(order);
    expect(stub.orders.get(String(order.orderId))).toMatchObject({
      type: 'subscription',
      subscriptionType: 'recurring',
      period: 'P1M',
      priceAmount: '9.99',
      trialAmount: '4.99',
      trialPeriod: 'P1M',
    });

    const { sale, postback } = stub.pay(String(order.orderId));
    expect(await provider.parseNotification(fromVerotel(postback))).toEqual([
      expect.objectContaining({
        state: 'paid',
        amount: { amount: 499, currency: 'EUR' },
        providerSubscriptionId: sale.saleId,
      }),
    ]);
  });

  it("repeats a purchase with FlexPay's one-click token, which Verotel receives unsigned", async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { redirectUrl } = await provider.chargeRecurring({
      orderId: order.orderId + 1000,
      amount: { amount: 1999, currency: 'EUR' },
      description: '250 credits',
      mandate: 'one-click-token',
      notifyUrl: order.notifyUrl,
    });
    expect((await fetch(redirectUrl!)).status).toBe(200);
    expect(stub.orders.get(String(order.orderId + 1000))).toMatchObject({
      oneClickToken: 'one-click-token',
      paymentMethod: 'CC',
    });
  });
});

describe('Verotel FlexPay postbacks', () => {
  it('reports a paid sale with the amount Verotel charged, and answers a plain OK', async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { sale, postback } = stub.pay(String(order.orderId));
    expect(await provider.parseNotification(fromVerotel(postback))).toEqual([
      {
        orderId: order.orderId,
        providerReference: sale.saleId,
        state: 'paid',
        eventKey: `${sale.saleId}:paid`,
        amount: { amount: 1999, currency: 'EUR' },
      },
    ]);
    expect(provider.acknowledge()).toEqual({ status: 200, contentType: 'text/plain', body: 'OK' });
  });

  it('tells a repeated postback and the success redirect as the same event', async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { postback, successRedirect } = stub.pay(String(order.orderId));
    const [first] = await provider.parseNotification(fromVerotel(postback));
    const [again] = await provider.parseNotification(fromVerotel(postback));
    const [returned] = await provider.parseReturn(fromVerotel(successRedirect));
    expect(again).toEqual(first);
    expect(returned?.eventKey).toBe(first?.eventKey);
  });

  it('refuses a forged, unsigned or re-signed postback', async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { postback } = stub.pay(String(order.orderId));
    const { signature, ...unsigned } = postback;
    expect(signature).toBeTruthy();
    await expect(provider.parseNotification(fromVerotel({ ...postback, priceAmount: '199.99' }))).rejects.toThrow(
      ForgedNotificationError,
    );
    await expect(provider.parseNotification(fromVerotel(unsigned))).rejects.toThrow(ForgedNotificationError);
    const otherKey = createVerotelProvider({ baseUrl: stub.baseUrl, shopId: stub.shopId, signatureKey: 'another-key' });
    await expect(otherKey.parseNotification(fromVerotel(postback))).rejects.toThrow(ForgedNotificationError);
    const otherShop = createVerotelProvider({ baseUrl: stub.baseUrl, shopId: '1', signatureKey: stub.signatureKey });
    await expect(otherShop.parseNotification(fromVerotel(postback))).rejects.toThrow(ForgedNotificationError);
  });

  it('reports amount, currency and reference exactly as Verotel sent them, for the payments module to check', async () => {
    const postback = stub.sign({
      shopID: stub.shopId,
      saleID: '9100',
      transactionID: '9101',
      referenceID: '77',
      priceAmount: '10.5',
      priceCurrency: 'USD',
      type: 'purchase',
    });
    expect(await provider.parseNotification(fromVerotel(postback))).toEqual([
      expect.objectContaining({ orderId: 77, amount: { amount: 1050, currency: 'USD' } }),
    ]);
  });

  it('reports a refund and a chargeback with their own keys and amounts', async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { sale, postback } = stub.pay(String(order.orderId));
    const [paid] = await provider.parseNotification(fromVerotel(postback));
    const [refunded] = await provider.parseNotification(fromVerotel(stub.credit(String(order.orderId), '5.00')));
    const [chargedBack] = await provider.parseNotification(fromVerotel(stub.chargeback(String(order.orderId))));
    expect(refunded).toMatchObject({
      orderId: order.orderId,
      providerReference: sale.saleId,
      state: 'refunded',
      amount: { amount: 500, currency: 'EUR' },
    });
    expect(chargedBack).toMatchObject({ state: 'charged_back', amount: { amount: 1999, currency: 'EUR' } });
    expect(new Set([paid?.eventKey, refunded?.eventKey, chargedBack?.eventKey]).size).toBe(3);
  });

  it("tells a subscription's end apart from money moving, and passes over what changes neither", async () => {
    const subscription = { shopID: stub.shopId, saleID: '9200', referenceID: '78', type: 'subscription' };
    expect(await provider.parseNotification(fromVerotel(stub.sign({ ...subscription, event: 'cancel' })))).toEqual([
      expect.objectContaining({
        orderId: 78,
        state: 'cancelled',
        providerSubscriptionId: '9200',
        amount: { amount: 0, currency: 'XXX' },
      }),
    ]);
    expect(await provider.parseNotification(fromVerotel(stub.sign({ ...subscription, event: 'expiry' })))).toEqual([
      expect.objectContaining({ state: 'expired', eventKey: '9200:expiry' }),
    ]);
    expect(await provider.parseNotification(fromVerotel(stub.sign({ ...subscription, event: 'uncancel' })))).toEqual(
      [],
    );
  });

  it('reads nothing into a return that carries no signature, and refuses a forged one', async () => {
    expect(await provider.parseReturn(fromVerotel({ referenceID: '41' }))).toEqual([]);
    const forged = {
      ...stub.sign({ shopID: stub.shopId, saleID: '1', referenceID: '41', priceAmount: '1.00', priceCurrency: 'EUR' }),
    };
    forged.priceAmount = '100.00';
    await expect(provider.parseReturn(fromVerotel(forged))).rejects.toThrow(ForgedNotificationError);
  });
});

describe('Verotel FlexPay status', () => {
  it('finds a payment that succeeded after the member closed the tab, with no postback', async () => {
    const order = checkout();
    await startAtVerotel(order);
    const { sale } = stub.pay(String(order.orderId));
    const ref = { orderId: order.orderId, providerReference: null, amount: order.amount };
    const [byReference] = await provider.fetchStatus(ref);
    expect(byReference).toEqual({
      orderId: order.orderId,
      providerReference: sale.saleId,
      state: 'paid',
      eventKey: `${sale.saleId}:paid`,
      amount: { amount: 1999, currency: 'EUR' },
    });
    expect(await provider.fetchStatus({ ...ref, providerReference: sale.saleId })).toEqual([byReference]);
  });

  it('leaves an order Verotel never saw pending, and reports a declined sale as failed', async () => {
    const abandoned = checkout();
    await startAtVerotel(abandoned);
    expect(
      await provider.fetchStatus({ orderId: abandoned.orderId, providerReference: null, amount: abandoned.amount }),
    ).toEqual([]);

    const declined = checkout();
    await startAtVerotel(declined);
    stub.decline(String(declined.orderId));
    expect(
      await provider.fetchStatus({ orderId: declined.orderId, providerReference: null, amount: declined.amount }),
    ).toEqual([expect.objectContaining({ orderId: declined.orderId, state: 'failed' })]);
  });

  it('throws when the status call fails, rather than call the payment failed', async () => {
    const order = checkout();
    const ref = { orderId: order.orderId, providerReference: null, amount: order.amount };
    stub.failStatus({ status: 503, body: 'Service unavailable' });
    await expect(provider.fetchStatus(ref)).rejects.toThrow(/503/);
    stub.failStatus({ status: 200, body: 'response: ERROR\nerror: unknown shopID\n' });
    await expect(provider.fetchStatus(ref)).rejects.toThrow(/unknown shopID/);
    const wrongKey = createVerotelProvider({ baseUrl: stub.baseUrl, shopId: stub.shopId, signatureKey: 'another-key' });
    stub.failStatus(null);
    await expect(wrongKey.fetchStatus(ref)).rejects.toThrow(/403/);
  });
});

describe('what FlexPay leaves to the Control Center', () => {
  it('says so for refunds and subscription cancellation instead of pretending', async () => {
    const ref = { orderId: 41, providerReference: '7000001', amount: { amount: 1999, currency: 'EUR' } };
    await expect(provider.refund(ref, ref.amount)).rejects.toThrow(NotOfferedByVerotelError);
    await expect(provider.cancelSubscription({ providerSubscriptionId: '7000001' })).rejects.toThrow(
      NotOfferedByVerotelError,
    );
  });
});
