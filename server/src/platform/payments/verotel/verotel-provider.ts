import type { Money, PaymentMethod, PurchaseType } from '@rendezvous/contract';
import {
  ForgedNotificationError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderOrderRef,
  type ProviderRequest,
  type RecurringCharge,
  type RecurringStart,
} from '../payment-provider.js';
import {
  formatFlexPayAmount,
  parseStatusAnswer,
  postbackEvents,
  returnEvents,
  statusEvents,
} from './flexpay-events.js';
import { hasValidFlexPaySignature, signFlexPayRequest, type FlexPayParams } from './signature.js';

/**
 * Verotel FlexPay (https://controlcenter.verotel.com/flexpay-doc/): the member is sent to
 * Verotel's order page with a signed `startorder` URL; Verotel calls the postback URL set for the
 * website in its Control Center (there is no per-order notify URL) and redirects the member to
 * the signed successURL; `salestatus` answers what became of a sale.
 */
export interface VerotelOptions {
  /** https://secure.verotel.com, or the brand's host (CardBilling, Bill…) the account belongs to. */
  baseUrl: string;
  /** The website's id in the Control Center ("shop ID"). */
  shopId: string;
  /** The website's FlexPay signature key. */
  signatureKey: string;
  fetch?: typeof fetch;
}

export const FLEXPAY_VERSION = '4';

/** The currencies FlexPay sells in. */
const SALE_CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'CHF', 'DKK', 'NOK', 'SEK']);

/** FlexPay's direct debit ("DDEU") takes euros from these countries only, and no recurring subscription. */
const DIRECT_DEBIT_COUNTRIES = new Set(['DE', 'AT', 'CH', 'BE', 'IT', 'NL', 'ES', 'FR']);

/** Our methods by FlexPay's `paymentMethod` names; FlexPay documents no others. */
const FLEXPAY_METHODS: Partial<Record<PaymentMethod, string>> = {
  card: 'CC',
  sepa_debit: 'DDEU',
  ideal: 'IDEAL',
};

/** Premium renews monthly until cancelled; FlexPay writes periods in ISO 8601. */
const MONTH = 'P1M';

/** A cap of FlexPay's order page. */
const DESCRIPTION_MAX_CHARS = 100;

/** Thrown where FlexPay offers no server-side call for what the interface asks. */
export class NotOfferedByVerotelError extends Error {
  constructor(what: string, instead: string) {
    super(`Verotel FlexPay does not offer ${what}: ${instead}`);
    this.name = 'NotOfferedByVerotelError';
  }
}

function methodsFor(query: { country: string; amount: Money; purchase: PurchaseType }): PaymentMethod[] {
  if (!SALE_CURRENCIES.has(query.amount.currency)) return [];
  if (query.purchase === 'premium') return ['card'];
  const euro = query.amount.currency === 'EUR';
  return [
    'card',
    ...(euro && DIRECT_DEBIT_COUNTRIES.has(query.country) ? (['sepa_debit'] as const) : []),
    ...(euro && query.country === 'NL' ? (['ideal'] as const) : []),
  ];
}

/** The parameters of a postback or return, as FlexPay sent them (GET query, or a form body). */
function flexPayParams(request: ProviderRequest): FlexPayParams {
  const params: FlexPayParams = { ...request.query };
  for (const [name, value] of Object.entries(request.body)) {
    if (typeof value === 'string') params[name] = value;
  }
  return params;
}

export function createVerotelProvider(options: VerotelOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  function signedUrl(path: string, params: FlexPayParams): string {
    // Like Verotel's clients, leave out what is empty rather than sign an empty value.
    const given = Object.entries(params).filter(([, value]) => value !== '');
    const all: FlexPayParams = { ...Object.fromEntries(given), shopID: options.shopId, version: FLEXPAY_VERSION };
    const query = new URLSearchParams({ ...all, signature: signFlexPayRequest(options.signatureKey, all) });
    return `${baseUrl}${path}?${query.toString()}`;
  }

  function verified(params: FlexPayParams): FlexPayParams {
    if (!params.signature) throw new ForgedNotificationError('verotel', 'no signature');
    if (!hasValidFlexPaySignature(options.signatureKey, params)) {
      throw new ForgedNotificationError('verotel', 'signature does not match');
    }
    if (params.shopID !== options.shopId) {
      throw new ForgedNotificationError('verotel', `signed for website ${params.shopID ?? '(none)'}`);
    }
    return params;
  }

  function offered(method: PaymentMethod, query: Parameters<typeof methodsFor>[0]): string {
    const flexPayMethod = FLEXPAY_METHODS[method];
    if (!flexPayMethod || !methodsFor(query).includes(method)) {
      throw new Error(
        `Verotel does not take ${method} for ${query.purchase} in ${query.amount.currency} from ${query.country}`,
      );
    }
    return flexPayMethod;
  }

  function subscriptionParams(checkout: CheckoutRequest, recurring: NonNullable<CheckoutRequest['recurring']>) {
    if (recurring.amount.currency !== checkout.amount.currency) {
      throw new Error('Verotel bills a subscription in one currency');
    }
    // A first term at another price is what FlexPay calls a trial.
    const firstTermDiffers = recurring.amount.amount !== checkout.amount.amount;
    return {
      type: 'subscription',
      subscriptionType: 'recurring',
      period: MONTH,
      priceAmount: formatFlexPayAmount(recurring.amount),
      ...(firstTermDiffers ? { trialAmount: formatFlexPayAmount(checkout.amount), trialPeriod: MONTH } : {}),
      name: checkout.description.slice(0, DESCRIPTION_MAX_CHARS),
    };
  }

  return {
    id: 'verotel',
    // FlexPay renews subscriptions itself, and only the member's browser or the Control Center can
    // stop them: a membership cancelled on our public page would go on being charged there.
    sellsPremium: false,

    // Async throughout, so that a refusal reaches the caller as a rejected promise, never a throw.
    methods: async (query) => methodsFor(query),

    async createCheckout(checkout) {
      const paymentMethod = offered(checkout.method, {
        country: checkout.country,
        amount: checkout.amount,
        purchase: checkout.purchase,
      });
      const sale = checkout.recurring
        ? subscriptionParams(checkout, checkout.recurring)
        : {
            type: 'purchase',
            priceAmount: formatFlexPayAmount(checkout.amount),
            description: checkout.description.slice(0, DESCRIPTION_MAX_CHARS),
          };
      const redirectUrl = signedUrl('/startorder', {
        ...sale,
        priceCurrency: checkout.amount.currency,
        paymentMethod,
        referenceID: String(checkout.orderId),
        successURL: checkout.returnUrl,
        declineURL: checkout.returnUrl,
        email: checkout.email,
      });
      // Verotel numbers the sale only once the member pays.
      return { redirectUrl, providerReference: null };
    },

    parseNotification: async (notification) => postbackEvents(verified(flexPayParams(notification))),

    async parseReturn(request) {
      const params = flexPayParams(request);
      // The decline redirect and a member who typed the address carry nothing signed to go on.
      if (!params.signature) return [];
      return returnEvents(verified(params));
    },

    async fetchStatus(order: ProviderOrderRef): Promise<PaymentEvent[]> {
      // FlexPay takes either the sale or our reference, never both.
      const lookup: FlexPayParams = order.providerReference
        ? { saleID: order.providerReference }
        : { referenceID: String(order.orderId) };
      const response = await fetchImpl(signedUrl('/salestatus', lookup));
      if (!response.ok) throw new Error(`Verotel status answered HTTP ${response.status}`);
      return statusEvents({ referenceID: String(order.orderId), ...parseStatusAnswer(await response.text()) });
    },

    acknowledge: (): ProviderAnswer => ({ status: 200, contentType: 'text/plain', body: 'OK' }),

    async refund() {
      throw new NotOfferedByVerotelError(
        'refunds through FlexPay',
        "staff refund the sale in Verotel's Control Center, whose credit postback then reports it",
      );
    },

    async chargeRecurring(charge: RecurringCharge): Promise<RecurringStart> {
      // FlexPay's one-click purchase: the token of an earlier card sale, sent unsigned with
      // paymentMethod CC, pays without the member filling in the order page again. Verotel renews
      // subscriptions itself (rebill postbacks), so premium never comes through here.
      const redirectUrl = signedUrl('/startorder', {
        type: 'purchase',
        priceAmount: formatFlexPayAmount(charge.amount),
        priceCurrency: charge.amount.currency,
        description: charge.description.slice(0, DESCRIPTION_MAX_CHARS),
        paymentMethod: 'CC',
        referenceID: String(charge.orderId),
        oneClickToken: charge.mandate,
      });
      return { redirectUrl, providerReference: null, events: [] };
    },

    async cancelSubscription() {
      throw new NotOfferedByVerotelError(
        'cancelling a subscription from the server',
        "its signed cancel-subscription page is for the member's browser, and the Control Center API needs separate credentials",
      );
    },
  };
}
