import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { AccountTokenPurpose } from '../../db/schema.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TokenCheck =
  { ok: true; memberId: number; payload: string | null } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Single-use links sent by mail. The token travels in the link; only its hash is stored. */
export function createAccountTokensRepository(db: Db) {
  return {
    async issue(memberId: number, purpose: AccountTokenPurpose, ttlMs: number, payload: string | null = null) {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('account_tokens')
        .values({
          id: hashToken(token),
          member_id: memberId,
          purpose,
          payload,
          created_at: now,
          expires_at: now + ttlMs,
        })
        .execute();
      return token;
    },

    /** Marks the token used, atomically: two clicks on one link never both succeed. */
    async consume(token: string, purpose: AccountTokenPurpose): Promise<TokenCheck> {
      const id = hashToken(token);
      const row = await db
        .selectFrom('account_tokens')
        .select(['member_id', 'payload', 'expires_at', 'used_at'])
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.used_at !== null) return { ok: false, reason: 'used' };
      if (row.expires_at <= Date.now()) return { ok: false, reason: 'expired' };
      const claimed = await db
        .updateTable('account_tokens')
        .set({ used_at: Date.now() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
      return { ok: true, memberId: row.member_id, payload: row.payload };
    },

    /** A new link replaces older unused ones of the same purpose. */
    async revoke(memberId: number, purpose: AccountTokenPurpose) {
      await db
        .updateTable('account_tokens')
        .set({ used_at: Date.now() })
        .where('member_id', '=', memberId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>;
