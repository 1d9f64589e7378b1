import {
  DAILY_APPROVAL_LIMITS,
  MEMBER_PAGE_ROWS,
  MEMBER_SEARCH_LIMIT,
  type Adjustment,
  type AdjustmentKind,
  type AdjustmentStatus,
  type AuditAction,
  type CreditReason,
  type MemberAdminDetail,
  type MemberSummary,
  type StaffRole,
  roleAllows,
} from '@rendezvous/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, MemberAdjustmentsTable, OrderRow, StaffRow } from '../../db/schema.js';
import { decisionOf, selectDecisions } from '../../db/moderation-decisions.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, notFound } from '../../errors.js';
import { DAY_MS, MINUTE_MS } from '../../lib/time.js';
import { grant } from '../../ledger/credit-ledger.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { listConsoleSites } from '../../platform/staff/console-sites.js';
import { staffNotesOf } from '../../platform/staff/staff-notes.js';

/** Site ids a staff member works in; null for every site. */
export type SiteScope = readonly number[] | null;

export const notRefundable = (message: string) => new AppError(409, 'not_refundable', message);
export const approvalDecided = () => new AppError(409, 'approval_decided', 'This request has been decided already.');

/** What an adjustment gives, before it is stored: the member it is for and what it costs the day's limit. */
export interface PreparedAdjustment {
  kind: AdjustmentKind;
  memberId: number;
  siteId: number;
  reason: string;
  order: OrderRow | null;
  messageIds: number[];
  /** Money refunded, minor units. */
  amount: number | null;
  currency: string | null;
  credits: number | null;
}

type AdjustmentRow = Omit<MemberAdjustmentsTable, 'id'> & { id: number };

const AUDIT_OF_KIND = {
  refund: 'member.refund',
  credit_back: 'member.credit_back',
  grant: 'member.grant',
} as const;

/** Start of the UTC day `now` falls in: the daily limits reset at midnight UTC for everyone. */
const dayStart = (now: number) => now - (now % DAY_MS);

const iso = (time: number) => new Date(time).toISOString();

/** `LIKE` on lower-cased text; the search text's own wildcards match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How long a refund reserved while its provider is asked holds its place: longer than any provider
 * call takes, so only a node that died in the middle of one leaves a reservation that no longer counts.
 */
export const REFUND_RESERVATION_MS = 10 * MINUTE_MS;

/** Adjustments that count: done or waiting, and refunds reserved while their provider is asked. */
const counted = (now: number) => (eb: ExpressionBuilder<Database, 'member_adjustments'>) =>
  eb.or([
    eb('status', 'in', ['done', 'pending']),
    eb.and([eb('status', '=', 'reserved'), eb('created_at', '>', now - REFUND_RESERVATION_MS)]),
  ]);

/** Refuses a refund of an order whose refund was made, asked for, or is being made. */
async function refusePendingRefund(executor: Db, orderId: number, now: number): Promise<void> {
  const asked = await executor
    .selectFrom('member_adjustments')
    .select('id')
    .where('order_id', '=', orderId)
    .where(counted(now))
    .executeTakeFirst();
  if (asked) throw notRefundable('A refund of this order was made or asked for already.');
}

/**
 * Whether the giver's role may make this now: their day's own adjustments (those an admin
 * approved count for the admin, not for them), refunds being made included, plus this one stay
 * within the role's limits.
 */
async function withinLimit(
  executor: Db,
  staffId: number,
  role: StaffRole,
  prepared: PreparedAdjustment,
  now: number,
): Promise<boolean> {
  const limit = DAILY_APPROVAL_LIMITS[role];
  if (!limit) return true;
  const used = await executor
    .selectFrom('member_adjustments')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('money'),
      eb.fn.coalesce(eb.fn.sum<number>('credits'), sql<number>`0`).as('credits'),
    ])
    .where('requested_by', '=', staffId)
    .where('status', '!=', 'pending')
    .where(counted(now))
    .where('decided_by', 'is', null)
    .where('created_at', '>=', dayStart(now))
    .executeTakeFirstOrThrow();
  return (
    Number(used.money) + (prepared.amount ?? 0) <= limit.money_minor &&
    Number(used.credits) + (prepared.credits ?? 0) <= limit.credits
  );
}

/**
 * Member administration's reads and writes (issue 18): finding a member, their page, staff notes,
 * and what staff give back (refunds, credits for messages, grants) within each role's daily limit,
 * else waiting for an admin. Every change writes its audit row in the same transaction.
 */
export function createConsoleMembersRepository(db: Db) {
  async function siteNames(): Promise<Map<number, string>> {
    return new Map((await listConsoleSites(db)).map((site) => [site.id, site.name]));
  }

  async function summaries(ids: number[]): Promise<MemberSummary[]> {
    if (ids.length === 0) return [];
    const names = await siteNames();
    const rows = await db
      .selectFrom('members')
      .select(['id', 'name', 'email', 'status', 'site_id', 'fictional', 'signup_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      status: row.status,
      site: { id: row.site_id, name: names.get(row.site_id) ?? '' },
      fictional: row.fictional === 1,
      signup_at: row.signup_at,
    }));
  }

  async function adjustmentsWhere(filter: { memberId?: number; status?: 'pending' }): Promise<Adjustment[]> {
    let query = db
      .selectFrom('member_adjustments as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .leftJoin('staff as requester', 'requester.id', 'a.requested_by')
      .leftJoin('staff as decider', 'decider.id', 'a.decided_by')
      .selectAll('a')
      .select(['m.name as member_name', 'm.email as member_email', 'requester.name as requester_name'])
      .select('decider.name as decider_name');
    if (filter.memberId !== undefined) {
      query = query
        .where('a.member_id', '=', filter.memberId)
        .where('a.status', '!=', 'reserved')
        .orderBy('a.id', 'desc');
    }
    if (filter.status) query = query.where('a.status', '=', filter.status).orderBy('a.id', 'asc');
    const rows = await query.limit(MEMBER_PAGE_ROWS).execute();
    // A refund whose provider is being asked shows once it is done (or waits again).
    const shown = rows.filter((row): row is typeof row & { status: AdjustmentStatus } => row.status !== 'reserved');
    return shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      member: { id: row.member_id, name: row.member_name, email: row.member_email },
      order_id: row.order_id,
      message_ids: row.message_ids ? (JSON.parse(row.message_ids) as number[]) : [],
      amount: row.amount,
      currency: row.currency,
      credits: row.credits,
      reason: row.reason,
      requested_by: { id: row.requested_by, name: row.requester_name ?? '' },
      created_at: row.created_at,
      decided_by: row.decided_by === null ? null : { id: row.decided_by, name: row.decider_name ?? '' },
      decided_at: row.decided_at,
    }));
  }

  /** Writes the credits of a grant or credit-back, and the messages it names, in `trx`. */
  async function giveCredits(trx: Db, row: AdjustmentRow) {
    if (row.kind === 'credit_back' && row.message_ids) {
      for (const messageId of JSON.parse(row.message_ids) as number[]) {
        await trx.insertInto('message_credit_backs').values({ message_id: messageId, adjustment_id: row.id }).execute();
      }
    }
    const reason: CreditReason = 'operator';
    if (row.credits) await grant(trx, row.member_id, row.credits, reason, `adjustment:${row.id}`);
  }

  function auditDetail(row: AdjustmentRow): Record<string, unknown> {
    return {
      adjustment_id: row.id,
      kind: row.kind,
      ...(row.order_id === null ? {} : { order_id: row.order_id, amount: row.amount, currency: row.currency }),
      ...(row.message_ids ? { message_ids: JSON.parse(row.message_ids) as number[] } : {}),
      ...(row.credits === null ? {} : { credits: row.credits }),
      reason: row.reason,
    };
  }

  /** The adjustment's audit row, in the transaction that changes it. */
  const auditAdjustment = (trx: Db, actor: AuditActor, action: AuditAction, row: AdjustmentRow) =>
    recordAudit(trx, actor, {
      action,
      target: { type: 'member', id: row.member_id },
      siteId: row.site_id,
      detail: auditDetail(row),
    });

  /** One transaction of giving back; a message given back twice at once is refused by its key. */
  async function givingBack<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw notRefundable('Credits for one of these messages were given back already.');
      throw error;
    }
  }

  return {
    /**
     * Members by id (`123`, `#123`), conversation (`c123`: both members of it), or by a part of
     * their e-mail address or name; fictional profiles included, since members write to them.
     */
    async search(text: string, sites: SiteScope): Promise<MemberSummary[]> {
      const ids = new Set<number>();
      const number = /^#?(\d+)$/.exec(text);
      if (number) ids.add(Number(number[1]));
      const conversation = /^c(?:onversation)?\s*#?(\d+)$/i.exec(text);
      if (conversation) {
        const row = await db
          .selectFrom('conversations')
          .select(['member_low', 'member_high'])
          .where('id', '=', Number(conversation[1]))
          .executeTakeFirst();
        if (row) [row.member_low, row.member_high].forEach((id) => ids.add(id));
      }
      if (!number && !conversation) {
        const pattern = likePattern(text);
        let query = db.selectFrom('members').select('id');
        if (sites !== null) query = query.where('site_id', 'in', sites.length > 0 ? sites : [0]);
        const rows = await query
          .where((eb) =>
            eb.or([
              eb(sql<string>`lower(email)`, 'like', sql<string>`${pattern} escape '\\'`),
              eb(sql<string>`lower(name)`, 'like', sql<string>`${pattern} escape '\\'`),
            ]),
          )
          .orderBy('id')
          .limit(MEMBER_SEARCH_LIMIT)
          .execute();
        rows.forEach((row) => ids.add(row.id));
      }
      const found = await summaries([...ids].slice(0, MEMBER_SEARCH_LIMIT));
      return sites === null ? found : found.filter((member) => sites.includes(member.site.id));
    },

    /**
     * The sites whose members the staff member may look up and act for: every site with
     * inbox.supervise, else the ones they are assigned to, as in the inbox (null: every site).
     */
    async siteScope(staff: StaffRow): Promise<SiteScope> {
      if (roleAllows(staff.role, 'inbox.supervise')) return null;
      const rows = await db.selectFrom('staff_sites').select('site_id').where('staff_id', '=', staff.id).execute();
      return rows.map((row) => row.site_id);
    },

    /** Whether the member is on a site of the scope; an unknown member is not. */
    async inScope(memberId: number, sites: SiteScope): Promise<boolean> {
      const row = await db.selectFrom('members').select('site_id').where('id', '=', memberId).executeTakeFirst();
      return Boolean(row) && (sites === null || sites.includes(row!.site_id));
    },

    async detail(memberId: number): Promise<MemberAdminDetail | undefined> {
      const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
      if (!member) return undefined;
      const [summary] = await summaries([memberId]);
      const tracking = await db
        .selectFrom('member_tracking')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      const sessions = await db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['id', 'delta', 'reason', 'reference', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const orders = await db
        .selectFrom('orders')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const renewing = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('member_id', '=', memberId)
        .where('renews', '=', 1)
        .where('ended_by', 'is', null)
        .executeTakeFirst();
      const messages = await db
        .selectFrom('messages as msg')
        .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
        .innerJoin('members as other', (join) =>
          join.on((eb) =>
            eb.and([
              eb.or([eb('other.id', '=', eb.ref('c.member_low')), eb('other.id', '=', eb.ref('c.member_high'))]),
              eb('other.id', '!=', memberId),
            ]),
          ),
        )
        .leftJoin('message_credit_backs as back', 'back.message_id', 'msg.id')
        .select(['msg.id', 'msg.body', 'msg.credits', 'msg.created_at', 'other.name as to', 'back.adjustment_id'])
        .where('msg.sender_id', '=', memberId)
        .where('msg.credits', '>', 0)
        .orderBy('msg.id', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const reports = await db
        .selectFrom('moderation_items')
        .select(['id', 'reference', 'source', 'status', 'created_at', 'reporter_member_id'])
        .where((eb) => eb.or([eb('reported_member_id', '=', memberId), eb('reporter_member_id', '=', memberId)]))
        .orderBy('id', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const blocks = await db
        .selectFrom('blocks as b')
        .innerJoin('members as other', (join) =>
          join.on((eb) =>
            eb.or([
              eb.and([eb('b.member_id', '=', memberId), eb('other.id', '=', eb.ref('b.blocked_id'))]),
              eb.and([eb('b.blocked_id', '=', memberId), eb('other.id', '=', eb.ref('b.member_id'))]),
            ]),
          ),
        )
        .select(['b.member_id', 'b.created_at', 'other.id as other_id', 'other.name as other_name'])
        .orderBy('b.created_at', 'desc')
        .limit(MEMBER_PAGE_ROWS)
        .execute();
      const decisions = await selectDecisions(db).where('d.member_id', '=', memberId).orderBy('d.id', 'desc').execute();
      const twoFactor = await db
        .selectFrom('member_two_factor')
        .select('member_id')
        .where('member_id', '=', memberId)
        .where('enabled_at', 'is not', null)
        .executeTakeFirst();

      return {
        account: {
          ...summary!,
          language: member.language,
          gender: member.gender,
          date_of_birth: member.date_of_birth,
          country: member.country,
          city: member.city,
          activated_at: member.activated_at,
          last_active_at: member.last_active_at,
          deleted_at: member.deleted_at,
          suspended_until: member.suspended_until,
          credits: member.credits,
          spending_blocked_at: member.spending_blocked_at,
          two_factor: twoFactor !== undefined,
        },
        signup_source: {
          lander: tracking?.lander ?? null,
          form_path: member.form_path,
          referrer: member.referrer,
          network: tracking?.network ?? null,
          ref: tracking?.ref ?? null,
          sub1: tracking?.sub1 ?? null,
          sub2: tracking?.sub2 ?? null,
          sub3: tracking?.sub3 ?? null,
        },
        sessions,
        ledger: ledger.map((row) => ({ ...row, reason: row.reason as CreditReason })),
        orders: orders.map((order) => ({
          id: order.id,
          purchase: order.purchase,
          provider: order.provider,
          state: order.state,
          gross: order.gross,
          currency: order.currency,
          credits: order.package_credits + order.bonus_credits + order.discount_credits,
          created_at: order.created_at,
          paid_at: order.paid_at,
        })),
        premium: { until: member.premium_until, renews: renewing !== undefined },
        paid_messages: messages.map((row) => ({
          id: row.id,
          to: row.to,
          body: row.body,
          credits: row.credits,
          created_at: row.created_at,
          credited_back: row.adjustment_id !== null,
        })),
        reports: reports.map((row) => ({
          id: row.id,
          reference: row.reference,
          kind: row.source,
          filed: row.reporter_member_id === memberId,
          status: row.status,
          created_at: row.created_at,
        })),
        blocks: blocks.map((row) => ({
          member: { id: row.other_id, name: row.other_name },
          direction: row.member_id === memberId ? ('by' as const) : ('of' as const),
          created_at: row.created_at,
        })),
        decisions: decisions.map(decisionOf),
        adjustments: await adjustmentsWhere({ memberId }),
        notes: await staffNotesOf(db, memberId),
      };
    },

    async addNote(actor: AuditActor, memberId: number, body: string, now: number) {
      return db.transaction().execute(async (trx) => {
        const member = await trx.selectFrom('members').select('site_id').where('id', '=', memberId).executeTakeFirst();
        if (!member) throw notFound('There is no such member.');
        const row = await trx
          .insertInto('staff_notes')
          .values({ member_id: memberId, staff_id: actor.staffId, body, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'member.note',
          target: { type: 'member', id: memberId },
          siteId: member.site_id,
          detail: { note_id: row.id },
        });
        const staff = await trx.selectFrom('staff').select('name').where('id', '=', actor.staffId).executeTakeFirst();
        return { id: row.id, body, staff: { id: actor.staffId, name: staff?.name ?? '' }, created_at: iso(now) };
      });
    },

    /** The member a change is for, or 404. */
    async memberOf(memberId: number) {
      const member = await db
        .selectFrom('members')
        .select(['id', 'site_id', 'status'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw notFound('There is no such member.');
      return member;
    },

    /** A paid order of the member that nothing has refunded or asked to refund yet. */
    async refundableOrder(memberId: number, orderId: number): Promise<OrderRow> {
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!order) throw notFound('This member has no such order.');
      if (order.state !== 'paid') throw notRefundable('Only a paid order can be refunded.');
      // Asked again in the transaction that stores the refund; here it spares the provider's check.
      await refusePendingRefund(db, orderId, Date.now());
      return order;
    },

    /** The credits the member paid for these messages of theirs, none of them given back before. */
    async creditsForMessages(memberId: number, messageIds: number[]): Promise<number> {
      const unique = [...new Set(messageIds)];
      const rows = await db
        .selectFrom('messages as msg')
        .leftJoin('message_credit_backs as back', 'back.message_id', 'msg.id')
        .select(['msg.id', 'msg.credits', 'back.adjustment_id'])
        .where('msg.id', 'in', unique)
        .where('msg.sender_id', '=', memberId)
        .execute();
      if (rows.length !== unique.length) throw notFound('Not every message is one this member sent.');
      if (rows.some((row) => row.adjustment_id !== null)) {
        throw notRefundable('Credits for one of these messages were given back already.');
      }
      const credits = rows.reduce((sum, row) => sum + row.credits, 0);
      if (credits <= 0) throw notRefundable('These messages cost nothing.');
      return credits;
    },

    /**
     * Stores what a staff member gives back, checked against their role's daily limit in the same
     * transaction, which first locks the giver's row: of two give-backs sent at once, the second is
     * checked only once the first is counted (decision 021). Within the limit, credits are given at
     * once (`done`, with their audit row); a refund is `reserved`: it counts against the limit and
     * the order while its provider is asked, then `confirmRefund` or `dropReservation` settles it.
     * Over the limit it waits for an admin (`pending`).
     */
    async give(actor: AuditActor, role: StaffRole, prepared: PreparedAdjustment, now: number): Promise<AdjustmentRow> {
      return givingBack(async (trx) => {
        await trx
          .updateTable('staff')
          .set((eb) => ({ role: eb.ref('role') }))
          .where('id', '=', actor.staffId)
          .execute();
        if (prepared.order) await refusePendingRefund(trx, prepared.order.id, now);
        const within = await withinLimit(trx, actor.staffId, role, prepared, now);
        const status = !within ? 'pending' : prepared.kind === 'refund' ? 'reserved' : 'done';
        const row = await trx
          .insertInto('member_adjustments')
          .values({
            member_id: prepared.memberId,
            site_id: prepared.siteId,
            kind: prepared.kind,
            status,
            order_id: prepared.order?.id ?? null,
            message_ids: prepared.kind === 'credit_back' ? JSON.stringify(prepared.messageIds) : null,
            amount: prepared.amount,
            currency: prepared.currency,
            credits: prepared.credits,
            reason: prepared.reason,
            requested_by: actor.staffId,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (status === 'done') await giveCredits(trx, row);
        if (status !== 'reserved') {
          await auditAdjustment(
            trx,
            actor,
            status === 'done' ? AUDIT_OF_KIND[row.kind] : 'member.adjustment_requested',
            row,
          );
        }
        return row;
      });
    },

    /**
     * The provider took the reserved refund: it is done, by the giver or by the admin who approved
     * it, and only now audited as such.
     */
    async confirmRefund(actor: AuditActor, id: number): Promise<AdjustmentRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('member_adjustments')
          .set({ status: 'done' })
          .where('id', '=', id)
          .where('status', '=', 'reserved')
          .returningAll()
          .executeTakeFirstOrThrow();
        await auditAdjustment(trx, actor, row.decided_by === null ? AUDIT_OF_KIND[row.kind] : 'approval.approve', row);
        return row;
      });
    },

    /**
     * The provider refused the reserved refund: a staff member's own is forgotten, as if never
     * asked; one an admin was approving waits again, with nothing on record of the failed try.
     */
    async dropReservation(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('member_adjustments')
          .where('id', '=', id)
          .where('status', '=', 'reserved')
          .where('decided_by', 'is', null)
          .execute();
        await trx
          .updateTable('member_adjustments')
          .set({ status: 'pending', decided_by: null, decided_at: null })
          .where('id', '=', id)
          .where('status', '=', 'reserved')
          .execute();
      });
    },

    async adjustment(id: number): Promise<Adjustment | undefined> {
      const rows = await db.selectFrom('member_adjustments').select('member_id').where('id', '=', id).execute();
      if (rows.length === 0) return undefined;
      return (await adjustmentsWhere({ memberId: rows[0]!.member_id })).find((row) => row.id === id);
    },

    pending: () => adjustmentsWhere({ status: 'pending' }),

    /**
     * An admin decides a waiting adjustment: one conditional update takes it from `pending`, so of
     * two admins one decides. Approved credits are given in the same transaction. An approved
     * refund is `reserved` until its provider answers: `confirmRefund` makes it done and audits the
     * approval then, `dropReservation` lets it wait again when the provider refuses.
     */
    async decide(actor: AuditActor, id: number, approve: boolean, now: number): Promise<AdjustmentRow> {
      return givingBack(async (trx) => {
        const asked = await trx.selectFrom('member_adjustments').select('kind').where('id', '=', id).executeTakeFirst();
        if (!asked) throw notFound('There is no such request.');
        const status = !approve ? 'refused' : asked.kind === 'refund' ? 'reserved' : 'done';
        const row = await trx
          .updateTable('member_adjustments')
          .set({ status, decided_by: actor.staffId, decided_at: now })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (!row) throw approvalDecided();
        if (row.status === 'reserved') return row;
        if (approve) await giveCredits(trx, row);
        await auditAdjustment(trx, actor, approve ? 'approval.approve' : 'approval.refuse', row);
        return row;
      });
    },

    /** A refund of part of an order: the processing matches the provider's event against it. */
    async setRefundAmount(orderId: number, amount: number | null, now: number) {
      await db
        .updateTable('orders')
        .set({ refund_amount: amount, updated_at: now })
        .where('id', '=', orderId)
        .execute();
    },

    async order(orderId: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    },
  };
}

export type ConsoleMembersRepository = ReturnType<typeof createConsoleMembersRepository>;
