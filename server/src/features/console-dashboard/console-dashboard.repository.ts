import { daysFrom, type DashboardDay, type DashboardResponse, type DashboardSource } from '@rendezvous/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The middle value, or the mean of the middle two; null for none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const add = (into: Record<string, number>, currency: string, amount: number) => {
  into[currency] = (into[currency] ?? 0) + amount;
};

type Counted = 'visits' | 'signups' | 'confirmations' | 'first_purchases';

/**
 * The dashboard's figures for one site over whole UTC days (issue 18). Each figure is read where
 * it is recorded (lander visits, members and their tracking, orders and payment events, messages,
 * the inbox's answers, the moderation queue) and counted per day here, the same on both databases.
 */
export function createConsoleDashboardRepository(db: Db) {
  return {
    async siteExists(siteId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst());
    },

    async figures(siteId: number, from: string, to: string): Promise<Omit<DashboardResponse, 'site_id'>> {
      const start = Date.parse(`${from}T00:00:00Z`);
      const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
      const days = new Map<string, DashboardDay>(
        daysFrom(from, to).map((day) => [
          day,
          {
            day,
            visits: 0,
            signups: 0,
            confirmations: 0,
            first_purchases: 0,
            revenue_net: {},
            refunds_net: {},
            member_messages: 0,
            operator_answers: 0,
            median_answer_seconds: null,
          },
        ]),
      );
      const sources = new Map<string, DashboardSource>();
      const count = (day: string, what: Counted, source: { lander: string | null; network: string | null }, n = 1) => {
        const row = days.get(day);
        if (row) row[what] += n;
        const key = JSON.stringify([source.lander, source.network]);
        const entry = sources.get(key) ?? {
          lander: source.lander,
          network: source.network,
          visits: 0,
          signups: 0,
          confirmations: 0,
          first_purchases: 0,
        };
        entry[what] += n;
        sources.set(key, entry);
      };

      const visits = await db
        .selectFrom('lander_visits')
        .select(['day', 'lander', 'network', 'visits'])
        .where('site_id', '=', siteId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      for (const visit of visits) {
        // A visit without a network is stored as ''; a sign-up without one has none at all.
        count(visit.day, 'visits', { lander: visit.lander, network: visit.network || null }, visit.visits);
      }

      const people = () =>
        db
          .selectFrom('members as m')
          .leftJoin('member_tracking as t', 't.member_id', 'm.id')
          .where('m.site_id', '=', siteId)
          .where('m.fictional', '=', 0);
      const signups = await people()
        .select(['m.signup_at as at', 't.lander', 't.network'])
        .where('m.signup_at', '>=', start)
        .where('m.signup_at', '<', end)
        .execute();
      for (const row of signups) count(dayOf(row.at), 'signups', row);
      const confirmations = await people()
        .select(['m.activated_at as at', 't.lander', 't.network'])
        .where('m.activated_at', '>=', start)
        .where('m.activated_at', '<', end)
        .execute();
      for (const row of confirmations) count(dayOf(Number(row.at)), 'confirmations', row);

      const firstPaid = sql<number>`min(o.paid_at)`;
      const firstPurchases = await db
        .selectFrom('orders as o')
        .leftJoin('member_tracking as t', 't.member_id', 'o.member_id')
        .select([firstPaid.as('at'), 't.lander', 't.network'])
        .where('o.site_id', '=', siteId)
        .where('o.paid_at', 'is not', null)
        .groupBy(['o.member_id', 't.lander', 't.network'])
        .having(firstPaid, '>=', start)
        .having(firstPaid, '<', end)
        .execute();
      for (const row of firstPurchases) count(dayOf(Number(row.at)), 'first_purchases', row);

      const paid = await db
        .selectFrom('orders')
        .select(['paid_at', 'currency', 'net'])
        .where('site_id', '=', siteId)
        .where('paid_at', '>=', start)
        .where('paid_at', '<', end)
        .execute();
      for (const order of paid) {
        const row = days.get(dayOf(Number(order.paid_at)));
        if (row) add(row.revenue_net, order.currency, order.net);
      }
      const refunds = await db
        .selectFrom('payment_events as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select(['e.received_at', 'e.amount', 'o.net', 'o.gross', 'o.currency'])
        .where('o.site_id', '=', siteId)
        .where('e.state', 'in', ['refunded', 'charged_back'])
        .where('e.received_at', '>=', start)
        .where('e.received_at', '<', end)
        .execute();
      for (const refund of refunds) {
        const row = days.get(dayOf(refund.received_at));
        // A provider reports the gross it paid back; the VAT goes back in the order's proportion.
        if (row && refund.gross > 0)
          add(row.refunds_net, refund.currency, Math.round((refund.amount * refund.net) / refund.gross));
      }

      // A literal, not a parameter: PostgreSQL groups by the select's expression only when the two read the same.
      const dayIndex = sql<number | string>`m.created_at / ${sql.lit(DAY_MS)}`;
      const messages = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('members as s', 's.id', 'm.sender_id')
        .select([dayIndex.as('day_index'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('c.site_id', '=', siteId)
        .where('s.fictional', '=', 0)
        .where('m.created_at', '>=', start)
        .where('m.created_at', '<', end)
        .groupBy(dayIndex)
        .execute();
      for (const row of messages) {
        const entry = days.get(dayOf(Number(row.day_index) * DAY_MS));
        if (entry) entry.member_messages += Number(row.n);
      }

      const answers = await db
        .selectFrom('console_answers')
        .select(['created_at', 'waited_ms'])
        .where('site_id', '=', siteId)
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .execute();
      const waits = new Map<string, number[]>();
      for (const answer of answers) {
        const day = dayOf(answer.created_at);
        const entry = days.get(day);
        if (!entry) continue;
        entry.operator_answers += 1;
        if (answer.waited_ms !== null) waits.set(day, [...(waits.get(day) ?? []), answer.waited_ms]);
      }
      for (const [day, list] of waits) {
        const middle = median(list);
        days.get(day)!.median_answer_seconds = middle === null ? null : Math.round(middle / 1000);
      }

      const open = await db
        .selectFrom('moderation_items')
        .select([
          'category',
          (eb) => eb.fn.countAll<number | string>().as('n'),
          (eb) => eb.fn.min('created_at').as('oldest'),
        ])
        .where('site_id', '=', siteId)
        .where('status', '=', 'open')
        .groupBy('category')
        .execute();
      const oldest = open.map((row) => Number(row.oldest)).sort((a, b) => a - b)[0];

      return {
        from,
        to,
        days: [...days.values()],
        sources: [...sources.values()].sort((a, b) => b.visits - a.visits || b.signups - a.signups),
        open_reports: {
          count: open.reduce((total, row) => total + Number(row.n), 0),
          oldest_at: oldest ?? null,
          by_category: open
            .map((row) => ({ category: row.category, count: Number(row.n) }))
            .sort((a, b) => b.count - a.count),
        },
      };
    },
  };
}
