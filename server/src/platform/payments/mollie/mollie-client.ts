import type { z } from 'zod';
import type { MollieAmount } from './mollie-amount.js';
import {
  MollieChargebackListSchema,
  MollieCustomerSchema,
  MollieErrorSchema,
  MollieMethodListSchema,
  MolliePaymentSchema,
  MollieRefundListSchema,
  MollieRefundSchema,
  MollieSubscriptionSchema,
  type MollieChargeback,
  type MolliePayment,
  type MollieRefund,
} from './mollie-schemas.js';

/**
 * A webhook is answered after the payment, its refunds and its chargebacks are read; Mollie counts
 * a webhook that takes over 15 s as failed, so no single call may take more than a third of that.
 */
export const MOLLIE_REQUEST_TIMEOUT_MS = 5_000;

/** Mollie's list maximum: a payment with more refunds or chargebacks than this is not one of ours. */
const MOLLIE_LIST_LIMIT = 250;

/** An answer outside 2xx, with Mollie's own explanation (`detail`) as the message. */
export class MollieApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(`Mollie answered ${status}: ${detail}`);
    this.name = 'MollieApiError';
  }
}

export interface MollieClientOptions {
  /** https://api.mollie.com/v2, or a stub's address in tests (the official client cannot be pointed at one). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

export interface CreatePaymentBody {
  amount: MollieAmount;
  description: string;
  redirectUrl?: string;
  webhookUrl: string;
  metadata: { order_id: number };
  method?: string;
  locale?: string;
  restrictPaymentMethodsToCountry?: string;
  sequenceType?: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
}

export interface ListMethodsQuery {
  amount: MollieAmount;
  billingCountry: string;
  sequenceType?: 'oneoff' | 'first' | 'recurring';
}

export interface MollieClient {
  listMethods(query: ListMethodsQuery): Promise<string[]>;
  createPayment(body: CreatePaymentBody): Promise<MolliePayment>;
  /** null when Mollie does not know the id (404). */
  getPayment(paymentId: string): Promise<MolliePayment | null>;
  listRefunds(paymentId: string): Promise<MollieRefund[]>;
  listChargebacks(paymentId: string): Promise<MollieChargeback[]>;
  createRefund(paymentId: string, body: { amount: MollieAmount; description?: string }): Promise<MollieRefund>;
  createCustomer(body: { email: string; locale?: string; metadata: { order_id: number } }): Promise<string>;
  cancelSubscription(customerId: string, subscriptionId: string): Promise<void>;
}

/** A proxy's HTML error page is not JSON; it is reported by status, not as a parse failure. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function createMollieClient(options: MollieClientOptions): MollieClient {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const segment = encodeURIComponent;

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    body?: object,
  ): Promise<z.infer<S>> {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/hal+json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(MOLLIE_REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) {
      const error = MollieErrorSchema.safeParse(json);
      if (error.success) throw new MollieApiError(response.status, error.data.detail, error.data.field);
      throw new MollieApiError(response.status, text.slice(0, 200) || response.statusText);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new Error(`Mollie's answer to ${method} ${path} is not in the documented form`, { cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    async listMethods({ amount, billingCountry, sequenceType }) {
      const query = new URLSearchParams({
        'amount[value]': amount.value,
        'amount[currency]': amount.currency,
        billingCountry,
      });
      if (sequenceType) query.set('sequenceType', sequenceType);
      const list = await call('GET', `/methods?${query}`, MollieMethodListSchema);
      return list._embedded.methods.map((method) => method.id);
    },

    createPayment: (body) => call('POST', '/payments', MolliePaymentSchema, body),

    async getPayment(paymentId) {
      try {
        return await call('GET', `/payments/${segment(paymentId)}`, MolliePaymentSchema);
      } catch (error) {
        if (error instanceof MollieApiError && error.status === 404) return null;
        throw error;
      }
    },

    async listRefunds(paymentId) {
      const path = `/payments/${segment(paymentId)}/refunds?limit=${MOLLIE_LIST_LIMIT}`;
      return (await call('GET', path, MollieRefundListSchema))._embedded.refunds;
    },

    async listChargebacks(paymentId) {
      const path = `/payments/${segment(paymentId)}/chargebacks?limit=${MOLLIE_LIST_LIMIT}`;
      return (await call('GET', path, MollieChargebackListSchema))._embedded.chargebacks;
    },

    createRefund: (paymentId, body) =>
      call('POST', `/payments/${segment(paymentId)}/refunds`, MollieRefundSchema, body),

    async createCustomer(body) {
      return (await call('POST', '/customers', MollieCustomerSchema, body)).id;
    },

    async cancelSubscription(customerId, subscriptionId) {
      const path = `/customers/${segment(customerId)}/subscriptions/${segment(subscriptionId)}`;
      await call('DELETE', path, MollieSubscriptionSchema);
    },
  };
}
