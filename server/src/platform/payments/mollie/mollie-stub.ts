import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { currencyDecimals, fromMollieAmount, toMollieAmount, type MollieAmount } from './mollie-amount.js';
import type { MolliePaymentStatus } from './mollie-schemas.js';

/**
 * A local stand-in for Mollie's Payments API v2, for tests only: the endpoints the adapter uses,
 * answering in the documented shapes and refusing what Mollie refuses (a missing or wrong API key,
 * an amount not written with the currency's decimals, a recurring charge on a mandate the customer
 * does not have). Tests move payments along (pay, refund, charge back) as Mollie's side would.
 */

export interface MollieStubRequest {
  method: string;
  /** The path below the base URL, e.g. /payments/tr_1. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

interface StubPayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  status: MolliePaymentStatus;
  amount: MollieAmount;
  amountRefunded?: MollieAmount;
  amountChargedBack?: MollieAmount;
  description: string;
  method: string | null;
  metadata: unknown;
  sequenceType: string;
  customerId?: string;
  mandateId?: string;
  subscriptionId?: string;
  redirectUrl?: string;
  webhookUrl?: string;
  _links: { self: { href: string }; checkout?: { href: string } };
}

interface StubRefund {
  resource: 'refund';
  id: string;
  amount: MollieAmount;
  status: string;
  paymentId: string;
}

interface StubChargeback {
  resource: 'chargeback';
  id: string;
  amount: MollieAmount;
  reversedAt: string | null;
  paymentId: string;
}

export interface MollieStub {
  /** For MOLLIE_BASE_URL: ends in /v2 like the real one. */
  url: string;
  apiKey: string;
  /** Every request, in order of arrival. */
  requests: MollieStubRequest[];
  /** What GET /methods lists from now on. */
  setMethods(ids: string[]): void;
  /** A payment made outside the adapter (another shop on the account, or with other metadata). */
  addPayment(fields: { amount: MollieAmount; metadata: unknown; status?: MolliePaymentStatus }): string;
  /** The member pays, cancels, or lets it expire; a paid first payment gets a mandate. */
  setStatus(paymentId: string, status: MolliePaymentStatus): void;
  /** A refund as the dashboard would make it; a refund may then move through Mollie's statuses. */
  addRefund(paymentId: string, amount: MollieAmount, status?: string): string;
  setRefundStatus(paymentId: string, refundId: string, status: string): void;
  /** The ids of a payment's refunds, however they were made, oldest first. */
  refundIds(paymentId: string): string[];
  addChargeback(paymentId: string, amount: MollieAmount, options?: { reversed?: boolean }): string;
  /** A subscription on a customer, for cancelling. */
  addSubscription(customerId: string): string;
  subscriptionStatus(customerId: string, subscriptionId: string): string | undefined;
  /** The next request is answered with this Mollie error instead. */
  failNext(status: number, detail: string): void;
  close(): Promise<void>;
}

class StubError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

const TITLES: Record<number, string> = {
  401: 'Unauthorized Request',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function requireAmount(value: unknown, field: string): MollieAmount {
  const amount = value as Partial<MollieAmount> | undefined;
  if (typeof amount?.currency !== 'string' || typeof amount.value !== 'string') {
    throw new StubError(422, `The amount is missing or not an object with currency and value`, field);
  }
  const decimals = currencyDecimals(amount.currency);
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${decimals}}$`);
  if (!pattern.test(amount.value)) {
    throw new StubError(422, `The amount contains an invalid value for ${amount.currency}`, field);
  }
  return { currency: amount.currency, value: amount.value };
}

function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new StubError(422, `The ${field} is required`, field);
  return value;
}

export async function startMollieStub(apiKey = 'test_stubKeyForTheMollieAdapter0000'): Promise<MollieStub> {
  const requests: MollieStubRequest[] = [];
  const payments = new Map<string, StubPayment>();
  const refunds = new Map<string, StubRefund[]>();
  const chargebacks = new Map<string, StubChargeback[]>();
  const customers = new Map<string, { mandates: Set<string>; subscriptions: Map<string, string> }>();
  let methods = ['ideal', 'creditcard', 'bancontact', 'banktransfer', 'przelewy24', 'paysafecard'];
  let failure: StubError | null = null;
  let counter = 0;
  let base = '';

  const nextId = (prefix: string) => `${prefix}_S${(counter += 1)}x`;
  const addUp = (total: MollieAmount | undefined, more: MollieAmount): MollieAmount =>
    toMollieAmount({
      amount: (total ? fromMollieAmount(total).amount : 0) + fromMollieAmount(more).amount,
      currency: more.currency,
    });

  function paymentOf(id: string | undefined): StubPayment {
    const payment = id ? payments.get(id) : undefined;
    if (!payment) throw new StubError(404, `No payment exists with token ${id}.`);
    return payment;
  }

  function createPayment(body: Record<string, unknown>): StubPayment {
    const amount = requireAmount(body.amount, 'amount');
    const description = requireString(body, 'description');
    const sequenceType = typeof body.sequenceType === 'string' ? body.sequenceType : 'oneoff';
    if (sequenceType !== 'recurring') requireString(body, 'redirectUrl');
    const customerId = typeof body.customerId === 'string' ? body.customerId : undefined;
    const customer = customerId ? customers.get(customerId) : undefined;
    if (sequenceType !== 'oneoff' && !customer) {
      throw new StubError(422, 'A customer is required for a first or recurring payment', 'customerId');
    }
    const mandateId = typeof body.mandateId === 'string' ? body.mandateId : undefined;
    if (sequenceType === 'recurring' && (!mandateId || !customer?.mandates.has(mandateId))) {
      throw new StubError(422, 'The customer has no valid mandate with this id', 'mandateId');
    }
    const id = nextId('tr');
    const payment: StubPayment = {
      resource: 'payment',
      id,
      mode: 'test',
      status: sequenceType === 'recurring' ? 'pending' : 'open',
      amount,
      description,
      method: typeof body.method === 'string' ? body.method : null,
      metadata: body.metadata ?? null,
      sequenceType,
      ...(customerId ? { customerId } : {}),
      ...(mandateId ? { mandateId } : {}),
      ...(typeof body.redirectUrl === 'string' ? { redirectUrl: body.redirectUrl } : {}),
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      _links: {
        self: { href: `${base}/payments/${id}` },
        ...(sequenceType === 'recurring' ? {} : { checkout: { href: `${base}/checkout/select-method/${id}` } }),
      },
    };
    payments.set(id, payment);
    return payment;
  }

  function createRefund(payment: StubPayment, body: Record<string, unknown>): StubRefund {
    if (payment.status !== 'paid') throw new StubError(422, 'The payment cannot be refunded: it is not paid');
    const amount = requireAmount(body.amount ?? payment.amount, 'amount');
    const refunded = addUp(payment.amountRefunded, amount);
    if (fromMollieAmount(refunded).amount > fromMollieAmount(payment.amount).amount) {
      throw new StubError(422, 'The amount is higher than the amount remaining on the payment', 'amount');
    }
    const refund: StubRefund = {
      resource: 'refund',
      id: nextId('re'),
      amount,
      status: 'pending',
      paymentId: payment.id,
    };
    refunds.set(payment.id, [...(refunds.get(payment.id) ?? []), refund]);
    payment.amountRefunded = refunded;
    return refund;
  }

  function list(name: string, items: unknown[]) {
    return { count: items.length, _embedded: { [name]: items }, _links: { self: { href: base }, next: null } };
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>) {
    const parts = path.split('/').filter(Boolean);
    const [collection, id, sub, subId] = parts;
    if (method === 'GET' && path === '/methods') {
      requireAmount({ value: query.get('amount[value]'), currency: query.get('amount[currency]') }, 'amount');
      return {
        status: 200,
        body: list(
          'methods',
          methods.map((method) => ({ resource: 'method', id: method })),
        ),
      };
    }
    if (collection === 'payments') {
      if (method === 'POST' && parts.length === 1) return { status: 201, body: createPayment(body) };
      const payment = paymentOf(id);
      if (method === 'GET' && parts.length === 2) return { status: 200, body: payment };
      if (method === 'GET' && sub === 'refunds')
        return { status: 200, body: list('refunds', refunds.get(payment.id) ?? []) };
      if (method === 'POST' && sub === 'refunds') return { status: 201, body: createRefund(payment, body) };
      if (method === 'GET' && sub === 'chargebacks') {
        return { status: 200, body: list('chargebacks', chargebacks.get(payment.id) ?? []) };
      }
    }
    if (collection === 'customers') {
      if (method === 'POST' && parts.length === 1) {
        const customerId = nextId('cst');
        customers.set(customerId, { mandates: new Set(), subscriptions: new Map() });
        return { status: 201, body: { resource: 'customer', id: customerId, email: body.email ?? null } };
      }
      const subscription = customers.get(id ?? '')?.subscriptions;
      if (method === 'DELETE' && sub === 'subscriptions' && subscription?.get(subId ?? '') === 'active') {
        subscription.set(subId ?? '', 'canceled');
        return { status: 200, body: { resource: 'subscription', id: subId, status: 'canceled' } };
      }
      throw new StubError(404, `No subscription exists with token ${subId}.`);
    }
    throw new StubError(404, 'The resource does not exist');
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub.invalid');
      const path = url.pathname.replace(/^\/v2/, '');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      requests.push({
        method: request.method ?? 'GET',
        path,
        query: url.searchParams,
        authorization: request.headers.authorization,
        body,
      });
      let answer: { status: number; body: unknown };
      try {
        if (request.headers.authorization !== `Bearer ${apiKey}`) {
          throw new StubError(401, 'Missing authentication, or failed to authenticate');
        }
        if (failure) {
          const error = failure;
          failure = null;
          throw error;
        }
        answer = route(request.method ?? 'GET', path, url.searchParams, body ?? {});
      } catch (error) {
        if (!(error instanceof StubError)) throw error;
        answer = {
          status: error.status,
          body: {
            status: error.status,
            title: TITLES[error.status] ?? 'Error',
            detail: error.detail,
            field: error.field,
          },
        };
      }
      response.writeHead(answer.status, { 'content-type': 'application/hal+json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;

  return {
    url: base,
    apiKey,
    requests,
    setMethods(ids) {
      methods = ids;
    },
    addPayment({ amount, metadata, status = 'open' }) {
      const payment = createPayment({
        amount,
        metadata,
        description: 'Elsewhere',
        redirectUrl: 'https://elsewhere.example/',
      });
      payment.status = status;
      return payment.id;
    },
    setStatus(paymentId, status) {
      const payment = paymentOf(paymentId);
      payment.status = status;
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
        const mandateId = nextId('mdt');
        customers.get(payment.customerId)?.mandates.add(mandateId);
        payment.mandateId = mandateId;
      }
    },
    addRefund(paymentId, amount, status = 'pending') {
      const refund = createRefund(paymentOf(paymentId), { amount });
      refund.status = status;
      return refund.id;
    },
    setRefundStatus(paymentId, refundId, status) {
      const refund = refunds.get(paymentId)?.find((candidate) => candidate.id === refundId);
      if (!refund) throw new Error(`The stub has no refund ${refundId} on ${paymentId}`);
      refund.status = status;
    },
    refundIds: (paymentId) => (refunds.get(paymentId) ?? []).map((refund) => refund.id),
    addChargeback(paymentId, amount, { reversed = false } = {}) {
      const payment = paymentOf(paymentId);
      const chargeback: StubChargeback = {
        resource: 'chargeback',
        id: nextId('chb'),
        amount,
        reversedAt: reversed ? new Date().toISOString() : null,
        paymentId,
      };
      chargebacks.set(paymentId, [...(chargebacks.get(paymentId) ?? []), chargeback]);
      payment.amountChargedBack = addUp(payment.amountChargedBack, amount);
      return chargeback.id;
    },
    addSubscription(customerId) {
      const subscriptionId = nextId('sub');
      const customer = customers.get(customerId) ?? {
        mandates: new Set<string>(),
        subscriptions: new Map<string, string>(),
      };
      customer.subscriptions.set(subscriptionId, 'active');
      customers.set(customerId, customer);
      return subscriptionId;
    },
    subscriptionStatus: (customerId, subscriptionId) => customers.get(customerId)?.subscriptions.get(subscriptionId),
    failNext(status, detail) {
      failure = new StubError(status, detail);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
