import type { Money, OrderState, PaymentMethod, PaymentProviderId, PurchaseType } from '@rendezvous/contract';

/**
 * What the payments module needs from a processor (issue 16). Each provider (dev, Verotel FlexPay,
 * Mollie) implements it against its own documented API; nothing outside its adapter knows a
 * provider's field names, signatures or status words. Adapters are stateless: the order, the
 * ledger and the deduplication live in the payments module.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;

  /**
   * Whether premium can be sold through it: the server must be able to stop its renewals when a
   * member cancels (our own recurring charges, or its subscription cancelled by a call).
   */
  readonly sellsPremium: boolean;

  /** The methods this provider can take for a country, amount and purchase right now. */
  methods(query: { country: string; amount: Money; purchase: PurchaseType }): Promise<PaymentMethod[]>;

  /** Registers the payment with the provider and says where to send the member. */
  createCheckout(checkout: CheckoutRequest): Promise<CheckoutStart>;

  /**
   * Verifies a notification (postback, webhook) and says what it reports. Throws
   * {@link ForgedNotificationError} when the signature is missing or wrong. Some providers only
   * say "something changed" (Mollie's webhook carries an id): the adapter then fetches the status.
   */
  parseNotification(notification: ProviderRequest): Promise<PaymentEvent[]>;

  /** The same for the member's return from the checkout, where the provider signs one (else []). */
  parseReturn(request: ProviderRequest): Promise<PaymentEvent[]>;

  /** Asks the provider what became of an order: the re-check of orders stuck in pending. */
  fetchStatus(order: ProviderOrderRef): Promise<PaymentEvent[]>;

  /** What the provider must be answered once a notification is processed (Verotel wants "OK"). */
  acknowledge(): ProviderAnswer;

  /** Gives back all or part of a paid order; the provider's notification then confirms it. */
  refund(order: ProviderOrderRef, amount: Money): Promise<PaymentEvent[]>;

  /**
   * Charges a stored mandate or token again (repeat order, subscription renewal). Some providers
   * answer at once, some by notification later, and some (a one-click token) need the member's
   * browser once more.
   */
  chargeRecurring(charge: RecurringCharge): Promise<RecurringStart>;

  /** Ends a subscription at the provider, so that it never renews. */
  cancelSubscription(subscription: { providerSubscriptionId: string }): Promise<void>;
}

export interface CheckoutRequest {
  /** Our order id; every provider echoes it back, and it is checked against the notification. */
  orderId: number;
  purchase: PurchaseType;
  method: PaymentMethod;
  amount: Money;
  country: string;
  /** Shown on the provider's page and the member's statement. */
  description: string;
  /** The member's e-mail and language, for the provider's page and its receipts. */
  email: string;
  locale: string;
  /** Absolute URLs on the site the member bought on. */
  returnUrl: string;
  notifyUrl: string;
  /** A premium term: the provider sets up a mandate or subscription with the first payment. */
  recurring?: { period: 'month'; amount: Money };
  /** The member asked to keep the method for one-step repeat orders: a mandate with this payment. */
  keepMethod?: boolean;
}

export interface CheckoutStart {
  redirectUrl: string;
  /** The provider's id of the payment, when it gives one before the member pays. */
  providerReference: string | null;
}

export interface RecurringStart {
  /** Where the member confirms the charge, for a token that needs them; null when it needs nobody. */
  redirectUrl: string | null;
  providerReference: string | null;
  /** What the provider said at once; the rest comes by notification. */
  events: PaymentEvent[];
}

export interface RecurringCharge {
  orderId: number;
  amount: Money;
  description: string;
  /** The mandate, token or subscription the first payment stored. */
  mandate: string;
  notifyUrl: string;
}

export interface ProviderOrderRef {
  orderId: number;
  providerReference: string | null;
  amount: Money;
}

/** An incoming HTTP request as an adapter sees it: its query, form or JSON body, and raw body. */
export interface ProviderRequest {
  method: string;
  query: Record<string, string>;
  /** A parsed form or JSON body, or an empty object. */
  body: Record<string, unknown>;
  rawBody: string;
  headers: Record<string, string | undefined>;
}

export interface ProviderAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One thing a provider says happened to one order. `eventKey` is unique per provider and
 * order (the provider's transaction, refund or chargeback id, else the state), so that the
 * same event told twice (notification, return page, re-check) is recognised as one.
 */
export interface PaymentEvent {
  orderId: number;
  providerReference: string;
  state: Extract<OrderState, 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded' | 'charged_back'>;
  eventKey: string;
  /** What the provider says was paid, refunded or charged back, to be checked against the order. */
  amount: Money;
  /** A mandate, token or subscription to charge again, when the provider stored one. */
  mandate?: string;
  providerSubscriptionId?: string;
}

/** A notification whose signature is missing or wrong: answered 400 and logged, never processed. */
export class ForgedNotificationError extends Error {
  constructor(provider: PaymentProviderId, reason: string) {
    super(`Refused a ${provider} notification: ${reason}`);
    this.name = 'ForgedNotificationError';
  }
}
