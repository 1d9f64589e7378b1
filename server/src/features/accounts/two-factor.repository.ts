import type { Db } from '../../db/database.js';

/** A member's two-factor login: the offered or confirmed secret (sealed), its last step and recovery codes. */
export function createTwoFactorRepository(db: Db) {
  return {
    find(memberId: number) {
      return db.selectFrom('member_two_factor').selectAll().where('member_id', '=', memberId).executeTakeFirst();
    },

    async isEnabled(memberId: number): Promise<boolean> {
      const row = await db
        .selectFrom('member_two_factor')
        .select('enabled_at')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.enabled_at !== null && row?.enabled_at !== undefined;
    },

    async recoveryCodesLeft(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('member_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('left'))
        .where('member_id', '=', memberId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.left);
    },

    /** The secret offered at set-up, replacing an unconfirmed one; never one already confirmed. */
    async offer(memberId: number, sealedSecret: string, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('member_two_factor')
          .where('member_id', '=', memberId)
          .where('enabled_at', 'is', null)
          .execute();
        await trx
          .insertInto('member_two_factor')
          .values({ member_id: memberId, secret: sealedSecret, created_at: now })
          .onConflict((conflict) => conflict.column('member_id').doNothing())
          .execute();
      });
    },

    /** Turns it on with the step of the confirming code and fresh recovery codes; false when it was on already. */
    async enable(memberId: number, step: number, codeHashes: string[], now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('member_two_factor')
          .set({ enabled_at: now, last_step: step })
          .where('member_id', '=', memberId)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await trx.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
        await trx
          .insertInto('member_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ member_id: memberId, code_hash, used_at: null })))
          .execute();
        return true;
      });
    },

    /**
     * Takes the code's time step if it is newer than the last one taken: of two requests with the
     * same code (or an older one) only one gets in.
     */
    async takeStep(memberId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('member_two_factor')
        .set({ last_step: step })
        .where('member_id', '=', memberId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Uses up one recovery code; false when it is not one of the member's or was used. */
    async useRecoveryCode(memberId: number, codeHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('member_recovery_codes')
        .set({ used_at: now })
        .where('member_id', '=', memberId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async disable(memberId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
        await trx.deleteFrom('member_two_factor').where('member_id', '=', memberId).execute();
      });
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
