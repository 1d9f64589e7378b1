import type { OrderState, PaymentProviderId } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { grant, reverse, type BusinessKey } from '../../ledger/credit-ledger.js';
import { recordRedemption } from './discounts.repository.js';
import { applyToSubscription } from './subscription-effects.js';
import type { PaymentEvent } from '../../platform/payments/payment-provider.js';
import type { EventBus } from '../../realtime/event-bus.js';

/**
 * From which states an event may move an order. Money that arrives late still counts: a payment
 * that succeeds after the order was marked failed, cancelled or expired is credited. Only a paid
 * order can be refunded or charged back, and nothing moves an order backwards.
 */
const MOVES_FROM: Record<PaymentEvent['state'], readonly OrderState[]> = {
  pending: ['created'],
  paid: ['created', 'pending', 'failed', 'cancelled', 'expired'],
  failed: ['created', 'pending'],
  cancelled: ['created', 'pending'],
  expired: ['created', 'pending'],
  refunded: ['paid'],
  charged_back: ['paid'],
};

/** Events whose amount is money that moved, which must be exactly the order's. */
const MONEY_STATES: readonly PaymentEvent['state'][] = ['paid', 'refunded', 'charged_back'];

/** What money an event must report: the order's price, or the part of it we asked to refund. */
const expectedAmount = (order: OrderRow, event: PaymentEvent) =>
  event.state === 'refunded' ? (order.refund_amount ?? order.gross) : order.gross;

/** What became of one event. */
export type EventOutcome =
  | { kind: 'applied'; order: OrderRow }
  /** Told before (notification, return page and re-check all report the same event). */
  | { kind: 'duplicate' }
  /** Recorded but too late to matter: the order had already moved past it. */
  | { kind: 'stale' }
  /** It did not fit its order; nothing was credited and staff see why. */
  | { kind: 'anomaly'; reason: string };

export interface PaymentProcessingOptions {
  db: Db;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** After a paid order is committed: the receipt. Its failure never undoes the payment. */
  onPaid(order: OrderRow): Promise<void>;
}

/** The ledger row's key: provider, order and the provider's event, e.g. `dev:ord-12:tx-abc:paid`. */
const businessKey = (provider: PaymentProviderId, orderId: number, eventKey: string): BusinessKey =>
  `${provider}:ord-${orderId}:${eventKey}`;

/**
 * The one way an order changes after checkout (issue 16): the notify route, the return route
 * and the re-check job all hand what a provider said to `process`. Each event is one
 * transaction: record it (a repeat is a no-op by the unique key), check it against the order,
 * move the order conditionally and write the ledger, so that however often, late or in parallel
 * an event arrives, it changes money at most once.
 */
export function createPaymentProcessing({ db, events, log, onPaid }: PaymentProcessingOptions) {
  /** Receipts on their way, so that closing the server lets them go out first. */
  const receipts = new Set<Promise<void>>();

  /** Writes down for staff what they must look at; `payload` is what the provider said, if anything. */
  async function insertAnomaly(
    trx: Db,
    anomaly: { orderId: number | null; provider: PaymentProviderId; reason: string; payload: object },
  ) {
    await trx
      .insertInto('payment_anomalies')
      .values({
        order_id: anomaly.orderId,
        provider: anomaly.provider,
        reason: anomaly.reason,
        payload: JSON.stringify(anomaly.payload),
        at: Date.now(),
      })
      .execute();
  }

  async function anomaly(
    trx: Db,
    provider: PaymentProviderId,
    orderId: number | null,
    reason: string,
    event: PaymentEvent,
  ) {
    await insertAnomaly(trx, { orderId, provider, reason, payload: event });
    log.warn(
      { provider, orderId: event.orderId, eventKey: event.eventKey, reason },
      'payment event does not match its order',
    );
    return { kind: 'anomaly', reason } as const;
  }

  async function applyOne(provider: PaymentProviderId, event: PaymentEvent): Promise<EventOutcome> {
    return db.transaction().execute(async (trx): Promise<EventOutcome> => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', event.orderId).executeTakeFirst();
      if (!order) return anomaly(trx, provider, null, 'unknown_order', event);
      if (order.provider !== provider) return anomaly(trx, provider, order.id, 'other_provider', event);

      const now = Date.now();
      const inserted = await trx
        .insertInto('payment_events')
        .values({
          order_id: order.id,
          provider,
          event_key: event.eventKey,
          state: event.state,
          amount: event.amount.amount,
          currency: event.amount.currency,
          received_at: now,
        })
        .onConflict((conflict) => conflict.columns(['provider', 'order_id', 'event_key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { kind: 'duplicate' };

      if (MONEY_STATES.includes(event.state)) {
        if (event.amount.currency !== order.currency)
          return anomaly(trx, provider, order.id, 'currency_mismatch', event);
        if (event.amount.amount !== expectedAmount(order, event))
          return anomaly(trx, provider, order.id, 'amount_mismatch', event);
      }

      const moved = await trx
        .updateTable('orders')
        .set({
          state: event.state,
          updated_at: now,
          ...(event.state === 'paid' ? { paid_at: now } : {}),
          ...(order.provider_reference ? {} : { provider_reference: event.providerReference }),
          ...(event.mandate ? { mandate: event.mandate } : {}),
        })
        .where('id', '=', order.id)
        .where('state', 'in', MOVES_FROM[event.state])
        .returningAll()
        .executeTakeFirst();
      if (!moved) return { kind: 'stale' };

      const key = businessKey(provider, order.id, event.eventKey);
      const credits = order.package_credits + order.bonus_credits + order.discount_credits;
      const reference = `order:${order.id}`;
      if (event.state === 'paid') {
        if (credits > 0) await grant(trx, order.member_id, credits, 'purchase', reference, key);
        await recordRedemption(trx, order, now);
      }
      if (event.state === 'refunded' || event.state === 'charged_back') {
        // A part refunded (a withdrawal keeps the days used) takes back that part of the credits.
        const taken = order.gross === 0 ? credits : Math.floor((credits * event.amount.amount) / order.gross);
        if (taken > 0) await reverse(trx, order.member_id, taken, reference, key);
      }
      if (order.purchase === 'premium') await applyToSubscription(trx, moved, event, now);
      if (event.state === 'charged_back') {
        await trx.updateTable('members').set({ spending_blocked_at: now }).where('id', '=', order.member_id).execute();
      }
      return { kind: 'applied', order: moved };
    });
  }

  async function processOne(provider: PaymentProviderId, event: PaymentEvent): Promise<EventOutcome> {
    let outcome: EventOutcome;
    try {
      outcome = await applyOne(provider, event);
    } catch (error) {
      // Every other guard let a second writer through: the ledger's business key still refused it.
      if (isUniqueViolation(error)) return { kind: 'duplicate' };
      throw error;
    }
    if (outcome.kind !== 'applied') return outcome;
    const { order } = outcome;
    // Committed: a tab that misses the event reads the order on its next load, so a failure is only logged.
    await events
      .publish(order.member_id, { type: 'order', order_id: order.id, state: order.state })
      .catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'order event not published'));
    if (order.state === 'paid') {
      // Not awaited: the provider's acknowledgement never waits on a mail server.
      const receipt = onPaid(order)
        .catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'receipt not sent'))
        .finally(() => receipts.delete(receipt));
      receipts.add(receipt);
    }
    return outcome;
  }

  return {
    /** Waits for the receipts still being sent (on shutdown). */
    async settled(): Promise<void> {
      await Promise.allSettled([...receipts]);
    },

    /** Something about an order that staff must settle by hand (a refund the provider would not start). */
    async recordAnomaly(order: OrderRow, reason: string): Promise<void> {
      await insertAnomaly(db, { orderId: order.id, provider: order.provider, reason, payload: {} });
    },

    /** Processes a provider's events in order; each stands on its own, as the provider sent it. */
    async processPaymentEvents(provider: PaymentProviderId, events: readonly PaymentEvent[]): Promise<EventOutcome[]> {
      const outcomes: EventOutcome[] = [];
      for (const event of events) outcomes.push(await processOne(provider, event));
      return outcomes;
    },
  };
}

export type PaymentProcessing = ReturnType<typeof createPaymentProcessing>;
