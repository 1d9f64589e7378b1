import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, MINUTE_MS } from '../../lib/time.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import type { OrdersRepository } from './orders.repository.js';
import type { PaymentProcessing } from './process-payment-events.js';

/** An order nobody paid within a day is given up: a checkout link is not kept open longer. */
export const ORDER_ABANDONED_AFTER_MS = DAY_MS;
/** How often each node looks for stuck orders; several nodes doing it at once change nothing twice. */
export const RECHECK_INTERVAL_MS = MINUTE_MS;
/** Orders asked about per run, so one run stays short even after an outage. */
const RECHECK_BATCH = 100;

export interface RecheckOptions {
  orders: OrdersRepository;
  providers: ProviderRegistry;
  processing: PaymentProcessing;
  log: Pick<FastifyBaseLogger, 'warn'>;
  recheckAfterMs: number;
}

/**
 * The re-check of orders stuck waiting (issue 16): a notification can be lost, or the member
 * can close the tab before the return. Each order quiet for `recheckAfterMs` is asked about at
 * its provider, and what it says goes through the same processing as a notification. An order
 * still waiting after a day with nothing to say is expired, through the same path.
 */
export function createOrderRecheck({ orders, providers, processing, log, recheckAfterMs }: RecheckOptions) {
  return async function recheckOrders(now = Date.now()): Promise<void> {
    for (const order of await orders.waitingSince(now - recheckAfterMs, RECHECK_BATCH)) {
      const provider = providers.get(order.provider);
      const amount = { amount: order.gross, currency: order.currency };
      if (provider && order.state === 'pending') {
        try {
          const events = await provider.fetchStatus({
            orderId: order.id,
            providerReference: order.provider_reference,
            amount,
          });
          const outcomes = await processing.processPaymentEvents(order.provider, events);
          if (outcomes.some((outcome) => outcome.kind === 'applied')) continue;
        } catch (error) {
          // The provider is unreachable now; the next run asks again, and a day later the order expires.
          log.warn({ err: error, orderId: order.id, provider: order.provider }, 'order status not fetched');
        }
      }
      if (now - order.created_at < ORDER_ABANDONED_AFTER_MS) continue;
      await processing.processPaymentEvents(order.provider, [
        {
          orderId: order.id,
          providerReference: order.provider_reference ?? '',
          state: 'expired',
          eventKey: 'recheck:expired',
          amount,
        },
      ]);
    }
  };
}
