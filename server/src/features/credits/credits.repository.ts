import type { CreditReason } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

export interface LedgerRow {
  id: number;
  delta: number;
  reason: CreditReason;
  created_at: number;
}

/** Reads of the member's own credits; the ledger module is the one writer (docs/decisions/003). */
export function createCreditsRepository(db: Db) {
  return {
    async balanceOf(memberId: number): Promise<number> {
      const row = await db.selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow();
      return row.credits;
    },

    /** The member's latest `limit` ledger rows, newest first. */
    async latestLedger(memberId: number, limit: number): Promise<LedgerRow[]> {
      const rows = await db
        .selectFrom('credit_ledger')
        .select(['id', 'delta', 'reason', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      // Only the ledger module writes rows, and it takes a CreditReason.
      return rows.map((row) => ({ ...row, reason: row.reason as CreditReason }));
    },
  };
}
