import type { Money } from '@rendezvous/contract';
import type { PaymentEvent } from '../payment-provider.js';
import type { FlexPayParams } from './signature.js';

/**
 * What FlexPay's postbacks, success redirects and status answers say, as payment events. Field
 * names and event words are FlexPay's (https://controlcenter.verotel.com/flexpay-doc/); nothing
 * outside this folder sees them.
 */

/** Every FlexPay sale currency has two decimals, written `nnn.nn`. */
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

export function formatFlexPayAmount(money: Money): string {
  const cents = money.amount;
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Parsed as text, so that 19.99 is 1999 cents and never 1998.9999. */
export function parseFlexPayAmount(amount: string, currency: string): Money {
  const match = AMOUNT_PATTERN.exec(amount.trim());
  if (!match) throw new Error(`Verotel sent an amount that is not nnn.nn: "${amount}"`);
  const [, units = '0', fraction = ''] = match;
  return { amount: Number(units) * 100 + Number(fraction.padEnd(2, '0')), currency };
}

/** ISO 4217's code for "no currency": the amount of an event that moves no money. */
const NO_CURRENCY = 'XXX';

function required(params: FlexPayParams, name: string): string {
  const value = params[name];
  if (!value) throw new Error(`Verotel sent no ${name}`);
  return value;
}

/** Our order id, which we sent as referenceID and FlexPay echoes back. */
function orderIdOf(params: FlexPayParams): number {
  const reference = required(params, 'referenceID');
  if (!/^\d+$/.test(reference)) throw new Error(`Verotel referenceID "${reference}" is not one of our orders`);
  return Number(reference);
}

/**
 * The amount this message reports: sale postbacks name it priceAmount (and a subscription's
 * first charge trialAmount when it has a trial price), rebill postbacks amount/currency.
 */
function chargedAmount(params: FlexPayParams, event: string | undefined): Money {
  if (event === 'rebill' && params.amount) return parseFlexPayAmount(params.amount, required(params, 'currency'));
  const amount = event === 'initial' && params.trialAmount ? params.trialAmount : required(params, 'priceAmount');
  return parseFlexPayAmount(amount, required(params, 'priceCurrency'));
}

function subscriptionFields(params: FlexPayParams): Pick<PaymentEvent, 'providerSubscriptionId'> {
  return params.type === 'subscription' ? { providerSubscriptionId: required(params, 'saleID') } : {};
}

/** The first payment of a sale, however it is told (postback, success redirect, status): one key. */
function salePaid(params: FlexPayParams, event: string | undefined): PaymentEvent {
  const saleId = required(params, 'saleID');
  return {
    orderId: orderIdOf(params),
    providerReference: saleId,
    state: 'paid',
    eventKey: `${saleId}:paid`,
    amount: chargedAmount(params, event),
    // Present when the website has FlexPay's one-click enabled: the key to a repeat purchase.
    ...(params.oneClickToken ? { mandate: params.oneClickToken } : {}),
    ...subscriptionFields(params),
  };
}

function transactionEvent(params: FlexPayParams, event: string, state: PaymentEvent['state']): PaymentEvent {
  return {
    orderId: orderIdOf(params),
    providerReference: required(params, 'saleID'),
    state,
    eventKey: `${required(params, 'transactionID')}:${event}`,
    amount: chargedAmount(params, event),
    ...subscriptionFields(params),
  };
}

function subscriptionEnded(params: FlexPayParams, event: string, state: PaymentEvent['state']): PaymentEvent {
  const saleId = required(params, 'saleID');
  return {
    orderId: orderIdOf(params),
    providerReference: saleId,
    state,
    eventKey: `${saleId}:${event}`,
    amount: { amount: 0, currency: params.priceCurrency ?? NO_CURRENCY },
    providerSubscriptionId: saleId,
  };
}

/** Postbacks that change neither money nor an order: a later premium session may read them. */
const INFORMATIONAL_EVENTS = new Set(['uncancel', 'extend', 'downgrade', 'upgrade']);

/**
 * A verified postback. A purchase's sale postback carries no `event`; subscriptions say
 * `initial` and `rebill`; `credit` is a refund, `chargeback` a chargeback, both with their own
 * transactionID; `cancel` stops renewals and `expiry` ends the subscription.
 */
export function postbackEvents(params: FlexPayParams): PaymentEvent[] {
  const event = params.event;
  switch (event) {
    case undefined:
    case '':
    case 'initial':
      return [salePaid(params, event)];
    case 'rebill':
      return [transactionEvent(params, event, 'paid')];
    case 'credit':
      return [transactionEvent(params, event, 'refunded')];
    case 'chargeback':
      return [transactionEvent(params, event, 'charged_back')];
    case 'cancel':
      return [subscriptionEnded(params, event, 'cancelled')];
    case 'expiry':
      return [subscriptionEnded(params, event, 'expired')];
    default:
      if (INFORMATIONAL_EVENTS.has(event)) return [];
      throw new Error(`Verotel sent a postback event this adapter does not know: "${event}"`);
  }
}

/** FlexPay's success redirect carries the sale it approved, signed like a postback. */
export function returnEvents(params: FlexPayParams): PaymentEvent[] {
  return [salePaid(params, undefined)];
}

/**
 * The status service answers YAML: top-level `name: value` lines, `response: FOUND` or
 * `NOTFOUND` first. Nested lines (a subscription's transactions) are not needed here.
 */
export function parseStatusAnswer(text: string): FlexPayParams {
  const fields: FlexPayParams = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z_][\w]*):\s*(.*?)\s*$/.exec(line);
    if (match?.[1]) fields[match[1]] = match[2]?.replace(/^(['"])(.*)\1$/, '$2') ?? '';
  }
  return fields;
}

/**
 * A sale Verotel has never seen (the member left before paying) is no news: the order stays
 * pending until it expires. Anything but FOUND or NOTFOUND is an error of the call, not a
 * failed payment.
 */
export function statusEvents(fields: FlexPayParams): PaymentEvent[] {
  if (fields.response === 'NOTFOUND') return [];
  if (fields.response !== 'FOUND') {
    throw new Error(`Verotel status answered ${fields.response ?? 'nothing'}: ${fields.error ?? fields.message ?? ''}`);
  }
  switch (fields.saleResult) {
    case 'APPROVED':
      return [salePaid(fields, undefined)];
    case 'DECLINED': {
      const saleId = required(fields, 'saleID');
      return [
        {
          orderId: orderIdOf(fields),
          providerReference: saleId,
          state: 'failed',
          eventKey: `${saleId}:failed`,
          amount: chargedAmount(fields, undefined),
        },
      ];
    }
    default:
      return [];
  }
}
