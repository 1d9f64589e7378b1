import { SPENDING_RAISE_DELAY_MS, type Money, type OrderState, type SpendingResponse } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';

type LimitColumns = Pick<
  MemberRow,
  | 'monthly_spending_limit'
  | 'monthly_spending_limit_currency'
  | 'monthly_spending_limit_pending'
  | 'monthly_spending_limit_pending_at'
>;

const LIMIT_COLUMNS = [
  'monthly_spending_limit',
  'monthly_spending_limit_currency',
  'monthly_spending_limit_pending',
  'monthly_spending_limit_pending_at',
] as const satisfies (keyof LimitColumns)[];

/** Orders that may still be paid: they hold their amount, so two open checkouts cannot both use the room left. */
const OPEN_ORDERS: OrderState[] = ['created', 'pending'];

/** The UTC calendar month `now` falls in; the end is the next month's first moment. */
export function monthOf(now: number): { start: number; end: number } {
  const date = new Date(now);
  return {
    start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
    end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1),
  };
}

interface Limit {
  limit: number | null;
  currency: string | null;
  pending: { limit: number | null; at: number } | null;
}

/** The limit that counts at `now`: a waiting raise becomes the limit once its day has passed. */
function limitAt(row: LimitColumns, now: number): Limit {
  const at = row.monthly_spending_limit_pending_at;
  if (at !== null && at <= now) {
    const limit = row.monthly_spending_limit_pending;
    return { limit, currency: limit === null ? null : row.monthly_spending_limit_currency, pending: null };
  }
  return {
    limit: row.monthly_spending_limit,
    currency: row.monthly_spending_limit === null ? null : row.monthly_spending_limit_currency,
    pending: at === null ? null : { limit: row.monthly_spending_limit_pending, at },
  };
}

/** Minor units as English money for the error message ("EUR 4.05"); the web app says it in the member's language. */
function moneyText({ amount, currency }: Money): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${currency} ${(amount / 10 ** digits).toFixed(digits)}`;
}

export const spendingLimitReached = (left: Money) =>
  new AppError(
    403,
    'spending_limit_reached',
    `This purchase would go over your monthly spending limit: ${moneyText(left)} left this month.`,
  );

/**
 * The member's own monthly spending limit (issue 16). Amounts are never converted: the limit
 * and what counts against it are in the limit's currency, and an order in another currency does
 * not fit while a limit is set. Every query is scoped by the session's member id.
 */
export function createSpendingRepository(db: Db) {
  async function limitOf(trx: Db, memberId: number, now: number): Promise<Limit> {
    const row = await trx
      .selectFrom('members')
      .select(LIMIT_COLUMNS)
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return limitAt(row, now);
  }

  /** Paid this month and held by open orders, in one currency. */
  async function usage(trx: Db, memberId: number, currency: string, now: number) {
    const { start, end } = monthOf(now);
    const sum = (state: 'paid' | 'open') =>
      trx
        .selectFrom('orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('gross'), eb.lit(0)).as('total'))
        .where('member_id', '=', memberId)
        .where('currency', '=', currency)
        .$if(state === 'paid', (query) =>
          query.where('state', '=', 'paid').where('paid_at', '>=', start).where('paid_at', '<', end),
        )
        .$if(state === 'open', (query) => query.where('state', 'in', OPEN_ORDERS))
        .executeTakeFirstOrThrow();
    const [paid, open] = await Promise.all([sum('paid'), sum('open')]);
    return { spent: Number(paid.total), reserved: Number(open.total) };
  }

  /** What still fits this month in the limit's currency; null without a limit. */
  async function roomLeft(trx: Db, memberId: number, now: number): Promise<Money | null> {
    const { limit, currency } = await limitOf(trx, memberId, now);
    if (limit === null || currency === null) return null;
    const { spent, reserved } = await usage(trx, memberId, currency, now);
    return { amount: Math.max(0, limit - spent - reserved), currency };
  }

  const fitsIn = (room: Money | null, price: Money) =>
    room === null || (room.currency === price.currency && price.amount <= room.amount);

  return {
    /**
     * The limit, this month's spending and any waiting raise. `paymentCurrency` is the member's
     * currency at checkout: the one spending is shown in while no limit is set.
     */
    async status(memberId: number, paymentCurrency: string, now = Date.now()): Promise<SpendingResponse> {
      const { limit, currency, pending } = await limitOf(db, memberId, now);
      const shown = currency ?? paymentCurrency;
      const { spent, reserved } = await usage(db, memberId, shown, now);
      const month = monthOf(now);
      return {
        currency: shown,
        limit,
        spent,
        reserved,
        remaining: limit === null ? null : Math.max(0, limit - spent - reserved),
        month_start: new Date(month.start).toISOString(),
        month_end: new Date(month.end).toISOString(),
        pending: pending && { limit: pending.limit, effective_at: new Date(pending.at).toISOString() },
      };
    },

    /**
     * A new limit in the current limit's currency (or `paymentCurrency` when there is none).
     * Tightening counts at once; raising or removing waits {@link SPENDING_RAISE_DELAY_MS}, and
     * asking again starts the wait again.
     */
    async setLimit(memberId: number, wanted: number | null, paymentCurrency: string, now = Date.now()) {
      await db.transaction().execute(async (trx) => {
        const current = await limitOf(trx, memberId, now);
        const tighter = wanted !== null && (current.limit === null || wanted <= current.limit);
        const settled = tighter ? { limit: wanted, currency: current.currency ?? paymentCurrency } : current;
        await trx
          .updateTable('members')
          .set({
            monthly_spending_limit: settled.limit,
            monthly_spending_limit_currency: settled.limit === null ? null : settled.currency,
            monthly_spending_limit_pending: tighter ? null : wanted,
            monthly_spending_limit_pending_at: tighter || current.limit === null ? null : now + SPENDING_RAISE_DELAY_MS,
          })
          .where('id', '=', memberId)
          .execute();
      });
    },

    /** Whether buying `price` now would stay within the member's limit (the checkout's hint). */
    async fits(memberId: number, price: Money, now = Date.now()): Promise<boolean> {
      return fitsIn(await roomLeft(db, memberId, now), price);
    },

    /**
     * The check an order makes inside its own transaction, after its member row is locked, so
     * two orders at once are counted one after the other: throws 403 spending_limit_reached.
     */
    roomFor(memberId: number, price: Money, now = Date.now()) {
      return async (trx: Db): Promise<void> => {
        const room = await roomLeft(trx, memberId, now);
        if (!fitsIn(room, price)) throw spendingLimitReached(room ?? { amount: 0, currency: price.currency });
      };
    },
  };
}

export type SpendingRepository = ReturnType<typeof createSpendingRepository>;
