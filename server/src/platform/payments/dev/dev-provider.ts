import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_METHODS, type Money } from '@rendezvous/contract';
import {
  ForgedNotificationError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderOrderRef,
  type ProviderRequest,
} from '../payment-provider.js';

/** Where the dev provider's checkout page lives on every site (never in production). */
export const DEV_CHECKOUT_PATH = '/payments/dev/checkout';

/** What the member chose on the test checkout. */
export const DEV_OUTCOMES = ['paid', 'failed', 'cancelled', 'later'] as const;
export type DevOutcome = (typeof DEV_OUTCOMES)[number];

type DevState = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded' | 'charged_back';

/** One notification or return as the dev processor signs it: every field but the signature. */
export interface DevMessage {
  order: string;
  reference: string;
  transaction: string;
  state: DevState;
  amount: string;
  currency: string;
}

/** The processor's side of an order: what it knows was paid, whether or not it told us yet. */
interface DevPayment {
  reference: string;
  amount: Money;
  state: DevState;
  transaction: string;
  /** Where the member goes back to: our return path for this order. */
  returnUrl: string;
  /** A premium term or a kept method: once paid, the processor keeps a mandate to charge again. */
  recurring: boolean;
}

/** The mandate a paid recurring payment leaves, named after the payment that made it. */
const mandateOf = (reference: string) => `mandate-${reference}`;

const MESSAGE_FIELDS = ['order', 'reference', 'transaction', 'state', 'amount', 'currency'] as const;

/**
 * The local stand-in for a payment processor (issue 16), so a fresh `npm start` can buy credits
 * end to end. It keeps its side of each payment in memory, as a processor would on its own
 * servers, and signs what it sends with a key derived from SESSION_SECRET, so the notify route
 * checks it exactly as it checks a real provider's. The app never registers it in production.
 */
export function createDevProvider(options: { sessionSecret: string }) {
  const key = createHmac('sha256', options.sessionSecret).update('payments:dev').digest();
  const payments = new Map<number, DevPayment>();
  /** Mandates by the order whose payment made them; the processor's own record, like its payments. */
  const mandates = new Map<number, string>();

  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const verify = (text: string, signature: string) => {
    const expected = Buffer.from(sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const canonical = (message: DevMessage) => MESSAGE_FIELDS.map((field) => `${field}=${message[field]}`).join('&');

  /** The signed fields the processor sends (as a form to the notify path, as a query on the return). */
  const signed = (message: DevMessage): Record<string, string> => ({ ...message, signature: sign(canonical(message)) });

  function messageOf(orderId: number, payment: DevPayment): DevMessage {
    return {
      order: String(orderId),
      reference: payment.reference,
      transaction: payment.transaction,
      state: payment.state,
      amount: String(payment.amount.amount),
      currency: payment.amount.currency,
    };
  }

  function eventOf(message: DevMessage): PaymentEvent {
    const orderId = Number(message.order);
    const mandate = message.state === 'paid' ? mandates.get(orderId) : undefined;
    return {
      orderId,
      providerReference: message.reference,
      state: message.state,
      eventKey: `${message.transaction}:${message.state}`,
      amount: { amount: Number(message.amount), currency: message.currency },
      ...(mandate ? { mandate } : {}),
    };
  }

  function parseSigned(fields: Record<string, unknown>, required: boolean): PaymentEvent[] {
    const signature = fields.signature;
    if (typeof signature !== 'string' || signature === '') {
      if (required) throw new ForgedNotificationError('dev', 'no signature');
      return [];
    }
    const values = MESSAGE_FIELDS.map((field) => fields[field]);
    if (values.some((value) => typeof value !== 'string')) throw new ForgedNotificationError('dev', 'fields missing');
    const message = Object.fromEntries(MESSAGE_FIELDS.map((field, i) => [field, values[i]])) as unknown as DevMessage;
    if (!verify(canonical(message), signature)) throw new ForgedNotificationError('dev', 'wrong signature');
    return [eventOf(message)];
  }

  function setState(orderId: number, payment: DevPayment, state: DevState) {
    payment.state = state;
    if (state === 'paid' && payment.recurring) mandates.set(orderId, mandateOf(payment.reference));
  }

  function paymentOf(order: ProviderOrderRef): DevPayment {
    const payment = payments.get(order.orderId);
    if (!payment) throw new Error(`The dev processor has no payment for order ${order.orderId}`);
    return payment;
  }

  const provider: PaymentProvider = {
    id: 'dev',
    sellsPremium: true,

    async methods() {
      return [...PAYMENT_METHODS];
    },

    async createCheckout(checkout) {
      const reference = `dev-${randomBytes(6).toString('hex')}`;
      payments.set(checkout.orderId, {
        reference,
        amount: checkout.amount,
        state: 'pending',
        transaction: `tx-${randomBytes(6).toString('hex')}`,
        returnUrl: checkout.returnUrl,
        recurring: checkout.recurring !== undefined || checkout.keepMethod === true,
      });
      const url = new URL(DEV_CHECKOUT_PATH, checkout.returnUrl);
      url.searchParams.set('order', String(checkout.orderId));
      url.searchParams.set('sig', sign(`checkout:${checkout.orderId}`));
      return { redirectUrl: url.toString(), providerReference: reference };
    },

    async parseNotification(notification: ProviderRequest) {
      return parseSigned(notification.body, true);
    },

    async parseReturn(request: ProviderRequest) {
      return parseSigned(request.query, false);
    },

    async fetchStatus(order) {
      const payment = payments.get(order.orderId);
      // Forgotten after a restart, as a processor without the payment would answer: nothing to report.
      if (!payment) return [];
      return [eventOf(messageOf(order.orderId, payment))];
    },

    acknowledge() {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };
    },

    async refund(order, amount) {
      const payment = paymentOf(order);
      payment.state = 'refunded';
      payment.transaction = `rf-${randomBytes(6).toString('hex')}`;
      payment.amount = amount;
      return [eventOf(messageOf(order.orderId, payment))];
    },

    /** The test processor charges a mandate it made at once, and says so in its answer. */
    async chargeRecurring(charge) {
      if (![...mandates.values()].includes(charge.mandate)) {
        throw new Error(`The dev processor has no mandate ${charge.mandate}`);
      }
      const payment: DevPayment = {
        reference: `dev-${randomBytes(6).toString('hex')}`,
        amount: charge.amount,
        state: 'paid',
        transaction: `tx-${randomBytes(6).toString('hex')}`,
        returnUrl: charge.notifyUrl,
        recurring: false,
      };
      payments.set(charge.orderId, payment);
      return {
        redirectUrl: null,
        providerReference: payment.reference,
        events: [eventOf(messageOf(charge.orderId, payment))],
      };
    },

    async cancelSubscription() {
      // Nothing renews on its own at the dev processor, so there is nothing to stop.
    },
  };

  return {
    provider,

    /** Whether `sig` is the one the processor put in its checkout link for this order. */
    checkoutSigned: (orderId: number, sig: string) => verify(`checkout:${orderId}`, sig),

    /**
     * The member pressed a button. Returns the signed notification to send now and where the
     * member returns to, with the outcome signed. "Pay later" settles nothing: the payment stays
     * open at the processor (the member may pay in another tab, or it completes on its own
     * through {@link settle}) and the member returns with nothing to report.
     */
    decide(orderId: number, outcome: DevOutcome): { notification: Record<string, string> | null; returnUrl: string } {
      const payment = payments.get(orderId);
      if (!payment) throw new Error(`The dev processor has no payment for order ${orderId}`);
      if (outcome === 'later') return { notification: null, returnUrl: payment.returnUrl };
      setState(orderId, payment, outcome);
      const notification = signed(messageOf(orderId, payment));
      const url = new URL(payment.returnUrl);
      for (const [name, value] of Object.entries(notification)) url.searchParams.set(name, value);
      return { notification, returnUrl: url.toString() };
    },

    /**
     * An open payment completes at the processor without the member (a bank app, a closed tab):
     * returns the signed notification it would send, or null when the payment is not open.
     */
    settle(orderId: number): Record<string, string> | null {
      const payment = payments.get(orderId);
      if (payment?.state !== 'pending') return null;
      setState(orderId, payment, 'paid');
      return signed(messageOf(orderId, payment));
    },

    /**
     * Takes up a pending order this processor forgot: it keeps payments in memory, and `npm run
     * dev` restarts the server while a member may be on the checkout page.
     */
    adopt(orderId: number, payment: { reference: string; amount: Money; returnUrl: string; recurring: boolean }): void {
      if (payments.has(orderId)) return;
      payments.set(orderId, { ...payment, state: 'pending', transaction: `tx-${randomBytes(6).toString('hex')}` });
    },

    /** Whether the member may still choose: the processor has not settled the payment yet. */
    isOpen: (orderId: number) => payments.get(orderId)?.state === 'pending',

    /** A notification for a refund or a chargeback, as the processor sends when either happens. */
    reversal(orderId: number, state: 'refunded' | 'charged_back'): Record<string, string> {
      const payment = payments.get(orderId);
      if (!payment) throw new Error(`The dev processor has no payment for order ${orderId}`);
      payment.state = state;
      payment.transaction = `${state === 'refunded' ? 'rf' : 'cb'}-${randomBytes(6).toString('hex')}`;
      return signed(messageOf(orderId, payment));
    },

    /** Signs any message: tests use it to send what a processor might (a wrong amount, a stranger's order). */
    sign: signed,
  };
}

export type DevProcessor = ReturnType<typeof createDevProvider>;
