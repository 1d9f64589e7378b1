import type { CreditReason } from '@rendezvous/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

export const insufficientCredits = () =>
  new AppError(402, 'insufficient_credits', 'You do not have enough credits. Buy credits to go on.');

export const spendingBlocked = () =>
  new AppError(
    403,
    'spending_blocked',
    'A payment of yours was charged back, so spending credits is paused. Please contact customer support.',
  );

/**
 * One business event (a provider's payment, refund or chargeback of one order), written into a
 * unique column: even if every other guard failed, the event cannot write a second row.
 */
export type BusinessKey = `${string}:${string}`;

/**
 * The one writer of credit balances. Every change is a ledger row plus the same change to
 * `members.credits`, so pass the caller's transaction: both land or neither does.
 */
async function record(
  trx: Db,
  memberId: number,
  delta: number,
  reason: CreditReason,
  reference: string | null,
  businessKey: BusinessKey | null = null,
) {
  await trx
    .insertInto('credit_ledger')
    .values({ member_id: memberId, delta, reason, reference, business_key: businessKey, created_at: Date.now() })
    .execute();
}

/** Changes the balance by `delta` unconditionally and records why; returns the new balance. */
async function adjust(
  trx: Db,
  memberId: number,
  delta: number,
  reason: CreditReason,
  reference: string | null,
  businessKey: BusinessKey | null,
): Promise<number> {
  const row = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '+', delta) }))
    .where('id', '=', memberId)
    .returning('credits')
    .executeTakeFirst();
  if (!row) throw new Error(`No member ${memberId} whose credits to change`);
  await record(trx, memberId, delta, reason, reference, businessKey);
  return row.credits;
}

/** Adds `credits` (positive) to the member's balance; returns the new balance. */
export async function grant(
  trx: Db,
  memberId: number,
  credits: number,
  reason: CreditReason,
  reference: string | null = null,
  businessKey: BusinessKey | null = null,
): Promise<number> {
  if (!Number.isInteger(credits) || credits <= 0) throw new Error(`A grant must be a positive integer, got ${credits}`);
  return adjust(trx, memberId, credits, reason, reference, businessKey);
}

/**
 * Takes back `credits` that money returned for (a refund, a chargeback). Unlike a spend it never
 * refuses: what was already used was used, so the balance may go below zero and the member buys
 * it back before spending again.
 */
export async function reverse(
  trx: Db,
  memberId: number,
  credits: number,
  reference: string,
  businessKey: BusinessKey,
): Promise<number> {
  if (!Number.isInteger(credits) || credits <= 0) {
    throw new Error(`A reversal must be a positive integer, got ${credits}`);
  }
  return adjust(trx, memberId, -credits, 'refund', reference, businessKey);
}

/**
 * Takes `cost` credits, or throws 402 insufficient_credits (403 spending_blocked after a
 * chargeback) without changing anything. The balance check and the subtraction are one
 * conditional update: on PostgreSQL a parallel spend
 * waits for the row lock and re-checks the condition, on SQLite writers are serialized, so
 * parallel spends can neither overdraw nor both pass on the same credits.
 */
export async function spend(
  trx: Db,
  memberId: number,
  cost: number,
  reason: CreditReason,
  reference: string | null = null,
): Promise<number> {
  if (!Number.isInteger(cost) || cost <= 0) throw new Error(`A spend must be a positive integer, got ${cost}`);
  const row = await trx
    .updateTable('members')
    .set((eb) => ({ credits: eb('credits', '-', cost) }))
    .where('id', '=', memberId)
    .where('credits', '>=', cost)
    .where('spending_blocked_at', 'is', null)
    .returning('credits')
    .executeTakeFirst();
  if (!row) {
    const member = await trx
      .selectFrom('members')
      .select('spending_blocked_at')
      .where('id', '=', memberId)
      .executeTakeFirst();
    throw member?.spending_blocked_at ? spendingBlocked() : insufficientCredits();
  }
  await record(trx, memberId, -cost, reason, reference);
  return row.credits;
}
