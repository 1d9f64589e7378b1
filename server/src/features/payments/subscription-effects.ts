import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { addMonths } from '../../platform/payments/premium-terms.js';
import type { PaymentEvent } from '../../platform/payments/payment-provider.js';

/**
 * What a premium order's event does to its membership, inside the transaction that moved the
 * order (issue 16), so that the term, the member's `premium_until` and the ledger change together
 * or not at all.
 */
export async function applyToSubscription(trx: Db, order: OrderRow, event: PaymentEvent, now: number): Promise<void> {
  if (order.subscription_id === null) return;
  const subscription = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', order.subscription_id)
    .executeTakeFirstOrThrow();

  switch (event.state) {
    case 'paid': {
      // A renewal continues from the term's end, so no day is lost or paid twice; money that
      // arrives after the membership ended (a late payment) starts it again from now.
      const continues = order.renewal === 1 && subscription.current_period_end !== null;
      const base = continues
        ? Math.max(subscription.current_period_end!, subscription.state === 'ended' ? now : 0)
        : now;
      const end = addMonths(base, order.plan_months);
      // Two first terms ordered at once (two tabs) and both paid: the member keeps the days of
      // both, but only the membership already running renews, so nothing is charged twice.
      const renewing =
        order.renewal === 0
          ? await trx
              .selectFrom('subscriptions')
              .select('id')
              .where('member_id', '=', order.member_id)
              .where('id', '<>', subscription.id)
              .where('state', '=', 'active')
              .where('renews', '=', 1)
              .where('current_period_end', '>', now)
              .executeTakeFirst()
          : undefined;
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'active',
          started_at: subscription.started_at ?? now,
          current_period_end: end,
          mandate: event.mandate ?? subscription.mandate,
          provider_subscription_id: event.providerSubscriptionId ?? subscription.provider_subscription_id,
          updated_at: now,
          ...(renewing ? { renews: 0, ended_by: 'duplicate' as const } : {}),
        })
        .where('id', '=', subscription.id)
        .execute();
      await trx
        .updateTable('members')
        .set((eb) => ({
          premium_until: eb
            .case()
            .when('premium_until', 'is', null)
            .then(end)
            .when('premium_until', '<', end)
            .then(end)
            .else(eb.ref('premium_until'))
            .end(),
        }))
        .where('id', '=', order.member_id)
        .execute();
      return;
    }
    case 'failed':
    case 'cancelled':
    case 'expired':
      // An unpaid first term never starts; an unpaid renewal ends the membership at its term's end.
      if (order.renewal === 0 && subscription.state !== 'pending') return;
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'ended',
          renews: 0,
          ended_by: order.renewal === 1 ? 'renewal_failed' : subscription.ended_by,
          updated_at: now,
        })
        .where('id', '=', subscription.id)
        .execute();
      return;
    case 'refunded':
    case 'charged_back': {
      // Money back ends premium at once; a withdrawal has already said so and keeps its reason.
      const end = Math.min(subscription.current_period_end ?? now, now);
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'ended',
          renews: 0,
          current_period_end: end,
          ended_by: subscription.ended_by ?? 'refund',
          updated_at: now,
        })
        .where('id', '=', subscription.id)
        .execute();
      await trx
        .updateTable('members')
        .set((eb) => ({
          premium_until: eb.case().when('premium_until', '>', end).then(end).else(eb.ref('premium_until')).end(),
        }))
        .where('id', '=', order.member_id)
        .execute();
      return;
    }
    case 'pending':
      return;
  }
}
