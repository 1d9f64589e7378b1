import type { Order, OrderState } from '@rendezvous/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderRow, OrdersTable } from '../../db/schema.js';

export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'state' | 'created_at' | 'updated_at' | 'paid_at'>;

const iso = (ms: number) => new Date(ms).toISOString();

/** An order as its owner sees it. */
export function toOrder(row: OrderRow): Order {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    state: row.state,
    purchase: row.purchase,
    // A premium order keeps its plan's id where a credits order keeps its package's.
    package:
      row.purchase === 'credits' && row.package_id
        ? { id: row.package_id, credits: row.package_credits, bonus_credits: row.bonus_credits }
        : null,
    plan:
      row.purchase === 'premium' && row.package_id
        ? { id: row.package_id, months: row.plan_months, renewal: row.renewal === 1 }
        : null,
    method: row.method,
    provider: row.provider,
    country: row.country,
    vat_rate_bp: row.vat_rate_bp,
    net: money(row.net),
    vat: money(row.vat),
    gross: money(row.gross),
    return_to: row.return_to,
    created_at: iso(row.created_at),
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
    discount:
      row.discount_code === null
        ? null
        : { code: row.discount_code, amount_off: money(row.discount), bonus_credits: row.discount_credits },
  };
}

/** Orders as the member's calls and the re-check job read them; state changes go through processing. */
export function createOrdersRepository(db: Db) {
  return {
    /**
     * Makes the order once `prepare` (the member's spending limit) lets it, with what `prepare`
     * adds (a premium order's membership, written in the same transaction). Writing the member
     * row first holds its lock on PostgreSQL until commit (SQLite has a single writer anyway), so
     * one member's orders are checked one after another: two at once cannot both use the room left.
     */
    async create(
      order: NewOrder,
      prepare: (trx: Db) => Promise<Partial<NewOrder> | void>,
      now = Date.now(),
    ): Promise<OrderRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set((eb) => ({ payment_country: eb.ref('payment_country') }))
          .where('id', '=', order.member_id)
          .execute();
        const added = await prepare(trx);
        return trx
          .insertInto('orders')
          .values({ ...order, ...added, state: 'created', created_at: now, updated_at: now, paid_at: null })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** The member is at the provider now; only a fresh order moves, so a fast notification is never undone. */
    async markPending(id: number, providerReference: string | null): Promise<OrderRow> {
      await db
        .updateTable('orders')
        .set({ state: 'pending', provider_reference: providerReference, updated_at: Date.now() })
        .where('id', '=', id)
        .where('state', '=', 'created')
        .execute();
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The order if it is this member's: another member's order is as absent as a missing one. */
    async findOwn(memberId: number, id: number): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** The member's last paid credits order: what a repeat order repeats. */
    async lastPaidCredits(memberId: number): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('purchase', '=', 'credits')
        .where('state', '=', 'paid')
        .orderBy('paid_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async find(id: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The country whose prices and methods the member chose last: the next checkout starts there. */
    async setPaymentCountry(memberId: number, country: string): Promise<void> {
      await db.updateTable('members').set({ payment_country: country }).where('id', '=', memberId).execute();
    },

    /** Orders waiting on a provider that have not moved since `before`, oldest first. */
    async waitingSince(before: number, limit: number): Promise<OrderRow[]> {
      const waiting: OrderState[] = ['created', 'pending'];
      return db
        .selectFrom('orders')
        .selectAll()
        .where('state', 'in', waiting)
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
