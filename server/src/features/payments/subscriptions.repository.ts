import type { Subscription } from '@rendezvous/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderRow, SubscriptionEnd, SubscriptionRow, SubscriptionsTable } from '../../db/schema.js';
import { RENEWAL_REMINDER_DAYS } from '@rendezvous/contract';
import { DAY_MS } from '../../lib/time.js';
import { withdrawalRefund, withdrawalUntil } from '../../platform/payments/premium-terms.js';

export type NewSubscription = Omit<Insertable<SubscriptionsTable>, 'id' | 'state' | 'created_at' | 'updated_at'>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The first term's paid order of a membership: what a withdrawal refunds. */
async function firstTermOrder(db: Db, subscriptionId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('renewal', '=', 0)
    .where('state', '=', 'paid')
    .executeTakeFirst();
}

/** Whether the withdrawal button still works for a membership, and until when. */
function withdrawalWindow(row: SubscriptionRow, now: number): number | null {
  if (row.state !== 'active' || row.withdrawn_at !== null || row.started_at === null) return null;
  const until = withdrawalUntil(row.started_at);
  return now <= until ? until : null;
}

/**
 * Memberships as the member's calls, the renewal job and the processing read and change them
 * (issue 16). Every change is conditional on the state it starts from, so two requests (or two
 * nodes' jobs) never both act on one membership.
 */
export function createSubscriptionsRepository(db: Db) {
  return {
    /** A membership as its owner sees it, with what a withdrawal now would refund. */
    async toSubscription(row: SubscriptionRow, now = Date.now()): Promise<Subscription> {
      const until = withdrawalWindow(row, now);
      const first = until === null ? undefined : await firstTermOrder(db, row.id);
      const refund =
        first && row.current_period_end !== null && first.paid_at !== null
          ? withdrawalRefund(first.gross, first.paid_at, row.current_period_end, now)
          : null;
      return {
        id: row.id,
        plan: row.plan_id,
        state: row.state,
        started_at: iso(row.started_at),
        current_period_end: iso(row.current_period_end),
        renews: row.renews === 1,
        renewal_price: { amount: row.renewal_amount, currency: row.currency },
        cancelled_at: iso(row.cancelled_at),
        withdrawn_at: iso(row.withdrawn_at),
        withdrawal_until: refund === null ? null : iso(until),
        withdrawal_refund: refund === null ? null : { amount: refund, currency: row.currency },
      };
    },

    /** Until when premium's benefits apply to a member (the member row keeps it for every request). */
    async premiumUntil(memberId: number): Promise<number | null> {
      const row = await db.selectFrom('members').select('premium_until').where('id', '=', memberId).executeTakeFirst();
      return row?.premium_until ?? null;
    },

    /** The site's real member with this address: whose contract the public cancel page ends. */
    async holderByEmail(siteId: number, email: string) {
      return db
        .selectFrom('members')
        .select(['id', 'email', 'language', 'name'])
        .where('site_id', '=', siteId)
        .where('email_normalized', '=', email.toLowerCase())
        .where('fictional', '=', 0)
        .executeTakeFirst();
    },

    /** Written with its first order, in the order's transaction. */
    async create(trx: Db, subscription: NewSubscription, now: number): Promise<SubscriptionRow> {
      return trx
        .insertInto('subscriptions')
        .values({ ...subscription, state: 'pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The member's newest membership that was ever paid, else their newest at all. */
    async latestOf(memberId: number): Promise<SubscriptionRow | undefined> {
      const rows = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return rows.find((row) => row.started_at !== null) ?? rows[0];
    },

    /** A membership that runs now: a member has one at a time. */
    async runningOf(memberId: number, now = Date.now()): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('state', '=', 'active')
        .where('current_period_end', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** Stops the next renewal; the paid term runs to its end. Null when nothing renews. */
    async cancel(memberId: number, by: SubscriptionEnd, now = Date.now()): Promise<SubscriptionRow | undefined> {
      return db
        .updateTable('subscriptions')
        .set({ renews: 0, cancelled_at: now, ended_by: by, updated_at: now })
        .where('member_id', '=', memberId)
        .where('state', '=', 'active')
        .where('renews', '=', 1)
        .where('current_period_end', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** Renews again a membership cancelled by its member while its term still runs. */
    async resume(memberId: number, now = Date.now()): Promise<SubscriptionRow | undefined> {
      return db
        .updateTable('subscriptions')
        .set({ renews: 1, cancelled_at: null, ended_by: null, updated_at: now })
        .where('member_id', '=', memberId)
        .where('state', '=', 'active')
        .where('renews', '=', 0)
        .where('ended_by', 'in', ['account', 'public_page'])
        .where('current_period_end', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The withdrawal: premium ends now and the first term's order is marked with what to refund,
     * in one transaction. Undefined when the period is over or the membership is not running.
     */
    async withdraw(
      memberId: number,
      now = Date.now(),
    ): Promise<{ subscription: SubscriptionRow; order: OrderRow; refund: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const running = await trx
          .selectFrom('subscriptions')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('state', '=', 'active')
          .where('withdrawn_at', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (!running || withdrawalWindow(running, now) === null || running.current_period_end === null) return;
        const order = await firstTermOrder(trx, running.id);
        if (!order || order.paid_at === null) return;
        const refund = withdrawalRefund(order.gross, order.paid_at, running.current_period_end, now);
        const subscription = await trx
          .updateTable('subscriptions')
          .set({
            state: 'ended',
            renews: 0,
            withdrawn_at: now,
            cancelled_at: now,
            ended_by: 'withdrawal',
            current_period_end: now,
            updated_at: now,
          })
          .where('id', '=', running.id)
          .where('withdrawn_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!subscription) return;
        await trx.updateTable('members').set({ premium_until: now }).where('id', '=', memberId).execute();
        const marked = await trx
          .updateTable('orders')
          .set({ refund_amount: refund, updated_at: now })
          .where('id', '=', order.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { subscription, order: marked, refund };
      });
    },

    /** Running memberships whose renewal reminder is due and not sent for this term yet. */
    async remindersDue(now: number, limit: number): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('state', '=', 'active')
        .where('renews', '=', 1)
        .where('current_period_end', '>', now)
        .where('current_period_end', '<=', now + RENEWAL_REMINDER_DAYS * DAY_MS)
        .where((eb) => eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '<>', eb.ref('current_period_end'))]))
        .orderBy('current_period_end')
        .limit(limit)
        .execute();
    },

    /** Claims a term's reminder; false when another run or node already sent it. */
    async claimReminder(row: SubscriptionRow): Promise<boolean> {
      const claimed = await db
        .updateTable('subscriptions')
        .set({ reminded_for: row.current_period_end })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '<>', row.current_period_end)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Running memberships whose term is over and whose renewal is not under way: renewed or ended. */
    async termsOver(now: number, limit: number): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('state', '=', 'active')
        .where('current_period_end', '<=', now)
        .where((eb) => eb.or([eb('renewing_for', 'is', null), eb('renewing_for', '<>', eb.ref('current_period_end'))]))
        .orderBy('current_period_end')
        .limit(limit)
        .execute();
    },

    /** Claims a term's renewal; false when another run or node is renewing it. */
    async claimRenewal(row: SubscriptionRow): Promise<boolean> {
      const claimed = await db
        .updateTable('subscriptions')
        .set({ renewing_for: row.current_period_end })
        .where('id', '=', row.id)
        .where('renews', '=', 1)
        .where((eb) => eb.or([eb('renewing_for', 'is', null), eb('renewing_for', '<>', row.current_period_end)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Ends a membership whose term is over without a renewal. */
    async end(row: SubscriptionRow, by: SubscriptionEnd | null, now: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ state: 'ended', renews: 0, ended_by: row.ended_by ?? by, updated_at: now })
        .where('id', '=', row.id)
        .where('state', '=', 'active')
        .execute();
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
