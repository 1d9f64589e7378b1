import { PAYMENT_METHODS, type PaymentMethod } from '@rendezvous/contract';
import {
  ForgedNotificationError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderOrderRef,
} from '../payment-provider.js';
import { fromMollieAmount, toMollieAmount } from './mollie-amount.js';
import { createMollieClient, type MollieClient } from './mollie-client.js';
import type { MolliePayment, MolliePaymentStatus } from './mollie-schemas.js';

export interface MollieOptions {
  /** MOLLIE_BASE_URL: https://api.mollie.com/v2 in production. */
  baseUrl: string;
  /** MOLLIE_API_KEY: `live_…` or `test_…`, which also decides the mode. */
  apiKey: string;
  fetch?: typeof fetch;
}

/**
 * Our method ↔ Mollie's method id. `sepa_debit` is Mollie's `banktransfer`: the SEPA method a member
 * can choose at checkout. Mollie's `directdebit` is only ever the method of recurring charges on a
 * mandate that a first payment (iDEAL, Bancontact, card) created, so it is never offered here.
 */
const MOLLIE_METHOD: Record<PaymentMethod, string> = {
  card: 'creditcard',
  ideal: 'ideal',
  bancontact: 'bancontact',
  sepa_debit: 'banktransfer',
  przelewy24: 'przelewy24',
  paysafecard: 'paysafecard',
};
const OUR_METHOD = new Map(PAYMENT_METHODS.map((method) => [MOLLIE_METHOD[method], method]));

const PAYMENT_STATE: Record<MolliePaymentStatus, PaymentEvent['state']> = {
  open: 'pending',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/** Mollie's locales (create-payment's `locale`); the rest of the world is left to Mollie's browser detection. */
const MOLLIE_LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_BE',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);
const DEFAULT_MOLLIE_LOCALE: Record<string, string> = {
  en: 'en_US',
  nl: 'nl_NL',
  de: 'de_DE',
  it: 'it_IT',
  fr: 'fr_FR',
  es: 'es_ES',
  pl: 'pl_PL',
};

function mollieLocale(language: string, country: string): string | undefined {
  const regional = `${language}_${country}`;
  return MOLLIE_LOCALES.has(regional) ? regional : DEFAULT_MOLLIE_LOCALE[language];
}

const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
/** A stored mandate or subscription names its customer too, since Mollie's paths need both. */
const CUSTOMER_THING = /^(cst_[A-Za-z0-9]+)\/((?:mdt|sub)_[A-Za-z0-9]+)$/;

function splitCustomerReference(reference: string, kind: 'mdt' | 'sub'): [customerId: string, id: string] {
  const match = CUSTOMER_THING.exec(reference);
  if (!match?.[1] || !match[2]?.startsWith(`${kind}_`)) {
    throw new Error(`"${reference}" is not a Mollie customer and ${kind === 'mdt' ? 'mandate' : 'subscription'}`);
  }
  return [match[1], match[2]];
}

/** Our order id as we put it in the payment's metadata; null for a payment someone else made. */
function orderIdOf(payment: MolliePayment): number | null {
  const { metadata } = payment;
  if (typeof metadata !== 'object' || metadata === null || !('order_id' in metadata)) return null;
  const orderId = Number(metadata.order_id);
  return Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}

export function createMollieProvider(options: MollieOptions): PaymentProvider {
  const mollie: MollieClient = createMollieClient(options);

  /**
   * Everything a payment says, read from Mollie itself: its state, and once paid each refund that
   * reached `refunded` (the money is back with the member; earlier statuses can still be cancelled
   * or fail) and each chargeback the bank has not reversed.
   */
  async function eventsOf(payment: MolliePayment, orderId: number): Promise<PaymentEvent[]> {
    const state = PAYMENT_STATE[payment.status];
    const customerId = payment.customerId;
    const event: PaymentEvent = {
      orderId,
      providerReference: payment.id,
      state,
      eventKey: `${payment.id}:${state}`,
      amount: fromMollieAmount(payment.amount),
      ...(customerId && payment.mandateId ? { mandate: `${customerId}/${payment.mandateId}` } : {}),
      ...(customerId && payment.subscriptionId
        ? { providerSubscriptionId: `${customerId}/${payment.subscriptionId}` }
        : {}),
    };
    if (payment.status !== 'paid') return [event];

    const hasAny = (amount: MolliePayment['amountRefunded']) => !!amount && fromMollieAmount(amount).amount !== 0;
    const [refunds, chargebacks] = await Promise.all([
      hasAny(payment.amountRefunded) ? mollie.listRefunds(payment.id) : [],
      hasAny(payment.amountChargedBack) ? mollie.listChargebacks(payment.id) : [],
    ]);
    const later = (id: string, laterState: PaymentEvent['state'], amount: PaymentEvent['amount']): PaymentEvent => ({
      orderId,
      providerReference: payment.id,
      state: laterState,
      eventKey: `${id}:${laterState}`,
      amount,
    });
    return [
      event,
      ...refunds
        .filter((refund) => refund.status === 'refunded')
        .map((refund) => later(refund.id, 'refunded', fromMollieAmount(refund.amount))),
      ...chargebacks
        .filter((chargeback) => !chargeback.reversedAt)
        .map((chargeback) => later(chargeback.id, 'charged_back', fromMollieAmount(chargeback.amount))),
    ];
  }

  function paymentIdOf(order: ProviderOrderRef): string {
    if (!order.providerReference) throw new Error(`Order ${order.orderId} has no Mollie payment`);
    return order.providerReference;
  }

  return {
    id: 'mollie',
    sellsPremium: true,

    async methods({ country, amount, purchase }) {
      const ids = await mollie.listMethods({
        amount: toMollieAmount(amount),
        billingCountry: country,
        // Premium starts a mandate: only methods that can make a first payment are asked for.
        ...(purchase === 'premium' ? { sequenceType: 'first' as const } : {}),
      });
      const methods = ids.flatMap((id) => OUR_METHOD.get(id) ?? []);
      return [...new Set(methods)];
    },

    async createCheckout(checkout) {
      // A first payment on a customer leaves the mandate that renewals and repeat orders charge.
      const customerId =
        checkout.recurring || checkout.keepMethod
          ? await mollie.createCustomer({
              email: checkout.email,
              locale: mollieLocale(checkout.locale, checkout.country),
              metadata: { order_id: checkout.orderId },
            })
          : undefined;
      const payment = await mollie.createPayment({
        amount: toMollieAmount(checkout.amount),
        description: checkout.description,
        redirectUrl: checkout.returnUrl,
        webhookUrl: checkout.notifyUrl,
        metadata: { order_id: checkout.orderId },
        method: MOLLIE_METHOD[checkout.method],
        locale: mollieLocale(checkout.locale, checkout.country),
        // Mollie's documented way to keep the paying country the VAT country of the order.
        restrictPaymentMethodsToCountry: checkout.country,
        ...(customerId ? { customerId, sequenceType: 'first' as const } : {}),
      });
      const checkoutUrl = payment._links.checkout?.href;
      if (!checkoutUrl) throw new Error(`Mollie gave payment ${payment.id} no checkout page`);
      return { redirectUrl: checkoutUrl, providerReference: payment.id };
    },

    /**
     * Mollie's webhook is unsigned and says only `id=tr_…`: fetching that payment with our key is
     * the verification, since a made-up id or someone else's payment yields nothing of ours.
     */
    async parseNotification(notification) {
      const id = notification.body.id;
      if (typeof id !== 'string' || !PAYMENT_ID.test(id)) {
        throw new ForgedNotificationError('mollie', 'no payment id');
      }
      const payment = await mollie.getPayment(id);
      if (!payment) throw new ForgedNotificationError('mollie', `Mollie does not know payment ${id}`);
      const orderId = orderIdOf(payment);
      if (orderId === null) throw new ForgedNotificationError('mollie', `payment ${id} names no order of ours`);
      return eventsOf(payment, orderId);
    },

    /**
     * Mollie adds nothing to the redirect, let alone something signed; the return page learns the
     * outcome through fetchStatus with the payment id stored on the order, never one from the URL.
     */
    async parseReturn() {
      return [];
    },

    async fetchStatus(order) {
      if (!order.providerReference) return [];
      const payment = await mollie.getPayment(order.providerReference);
      if (!payment)
        throw new Error(`Mollie does not know payment ${order.providerReference} of order ${order.orderId}`);
      // The id came from our own order, so a payment without metadata is still that order's; one
      // naming another order is reported as Mollie says, for the payments module to compare and log.
      return eventsOf(payment, orderIdOf(payment) ?? order.orderId);
    },

    acknowledge() {
      return { status: 200, contentType: 'text/plain', body: '' };
    },

    /**
     * A new refund is `queued` or `pending` and can still be cancelled or fail: nothing is reported
     * until Mollie calls the webhook with it `refunded`, which eventsOf then turns into the event.
     */
    async refund(order, amount) {
      const paymentId = paymentIdOf(order);
      const refund = await mollie.createRefund(paymentId, { amount: toMollieAmount(amount) });
      if (refund.status !== 'refunded') return [];
      return [
        {
          orderId: order.orderId,
          providerReference: paymentId,
          state: 'refunded',
          eventKey: `${refund.id}:refunded`,
          amount: fromMollieAmount(refund.amount),
        },
      ];
    },

    async chargeRecurring(charge) {
      const [customerId, mandateId] = splitCustomerReference(charge.mandate, 'mdt');
      const payment = await mollie.createPayment({
        amount: toMollieAmount(charge.amount),
        description: charge.description,
        webhookUrl: charge.notifyUrl,
        metadata: { order_id: charge.orderId },
        sequenceType: 'recurring',
        customerId,
        mandateId,
      });
      // Mollie charges the mandate without the member, and its webhook reports the outcome.
      return { redirectUrl: null, providerReference: payment.id, events: [] };
    },

    async cancelSubscription({ providerSubscriptionId }) {
      const [customerId, subscriptionId] = splitCustomerReference(providerSubscriptionId, 'sub');
      await mollie.cancelSubscription(customerId, subscriptionId);
    },
  };
}
