import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from './database.js';
import { seenChange, statusChange } from './member-changes.js';
import { RESTRICTED_STATUSES, type Database, type MemberStatus } from './schema.js';

type Executor = Db | Transaction<Database>;

/**
 * Bans a member, or suspends them until `until`: their status takes them out of everything others
 * see (GONE_STATUSES), and every session ends now. The session rows stay, expired, so the next
 * page the member asks for can still tell them why (plugins/session.ts shows /pages/ban).
 */
export async function restrictMember(db: Executor, memberId: number, until: number | null, now: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ ...statusChange(until === null ? 'banned' : 'suspended', now), suspended_until: until })
    .where('id', '=', memberId)
    .execute();
  await db
    .updateTable('sessions')
    .set({ expires_at: now })
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .execute();
}

/** The member as before the restriction: confirmed or not, as their activation says. */
const restored = (now: number) => (eb: ExpressionBuilder<Database, 'members'>) => ({
  status: eb
    .case()
    .when('activated_at', 'is', null)
    .then(eb.val<MemberStatus>('not_confirmed'))
    .else(eb.val<MemberStatus>('active'))
    .end(),
  ...seenChange(now),
  suspended_until: null,
});

/**
 * Ends a ban or suspension: the member is back as they were before it, confirmed or not. Answers
 * whether there was one to end.
 */
export async function liftRestriction(db: Executor, memberId: number, now: number): Promise<boolean> {
  const lifted = await db
    .updateTable('members')
    .set(restored(now))
    .where('id', '=', memberId)
    .where('status', 'in', RESTRICTED_STATUSES)
    .executeTakeFirst();
  return Number(lifted.numUpdatedRows) > 0;
}

/** Lifts every suspension that has ended; the app runs it every minute. Answers how many. */
export async function liftEndedSuspensions(db: Db, now: number): Promise<number> {
  const lifted = await db
    .updateTable('members')
    .set(restored(now))
    .where('status', '=', 'suspended')
    .where('suspended_until', '<=', now)
    .executeTakeFirst();
  return Number(lifted.numUpdatedRows);
}

/** How often the app looks for suspensions that have ended: a suspension ends within this. */
export const SUSPENSION_CHECK_INTERVAL_MS = 60_000;
