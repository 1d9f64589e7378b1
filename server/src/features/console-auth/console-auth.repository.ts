import { isLocale, ROLE_PERMISSIONS, type ConsoleMe } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { StaffRow } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { listConsoleSites } from '../../platform/staff/console-sites.js';
import { normalizeStaffEmail } from '../../platform/staff/staff-accounts.js';
import { staffSessionId } from '../../platform/staff/staff-sessions.repository.js';

/** How a login was completed, as the audit log tells it. */
export type SecondFactor = 'totp' | 'recovery_code';

export function createConsoleAuthRepository(db: Db) {
  /**
   * Moves the account's last accepted time step on, unless a request with the same or a later
   * code got there first: of two requests racing with one code, exactly one is accepted.
   */
  async function takeStep(trx: Db, staffId: number, step: number): Promise<boolean> {
    const result = await trx
      .updateTable('staff')
      .set({ totp_last_step: step })
      .where('id', '=', staffId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  const confirmSession = (trx: Db, token: string, at: number) =>
    trx
      .updateTable('staff_sessions')
      .set({ totp_at: at, code_failures: 0 })
      .where('id', '=', staffSessionId(token))
      .execute();

  async function replaceRecoveryCodes(trx: Db, staffId: number, codeHashes: readonly string[]) {
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
      .execute();
  }

  async function recoveryCodesLeft(staffId: number): Promise<number> {
    const row = await db
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /** An active account by the address typed at login; disabled ones log in as little as unknown ones. */
    async findActiveByEmail(email: string): Promise<StaffRow | undefined> {
      return db
        .selectFrom('staff')
        .selectAll()
        .where('email_normalized', '=', normalizeStaffEmail(email))
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** Keeps the secret offered at enrolment until a code confirms it; never replaces an enrolled one. */
    async offerSecret(staffId: number, sealedSecret: string): Promise<void> {
      await db
        .updateTable('staff')
        .set({ totp_secret: sealedSecret })
        .where('id', '=', staffId)
        .where('totp_enrolled_at', 'is', null)
        .execute();
    },

    /** The first code confirmed the secret: the account is enrolled and this login complete, in one step. */
    async completeEnrolment(
      actor: AuditActor,
      token: string,
      step: number,
      codeHashes: readonly string[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const enrolled = await trx
          .updateTable('staff')
          .set({ totp_enrolled_at: now, totp_last_step: step })
          .where('id', '=', actor.staffId)
          .where('totp_enrolled_at', 'is', null)
          .executeTakeFirst();
        if (enrolled.numUpdatedRows === 0n) return false;
        await replaceRecoveryCodes(trx, actor.staffId, codeHashes);
        await confirmSession(trx, token, now);
        await recordAudit(trx, actor, {
          action: 'staff.two_factor_enrolled',
          target: { type: 'staff', id: actor.staffId },
        });
        return true;
      });
    },

    /**
     * A right code from the app: the session's code time is now. `audited` is the login it
     * completes; a re-confirmation changes nothing worth a record.
     */
    async acceptCode(
      actor: AuditActor,
      token: string,
      step: number,
      audited: { action: 'staff.login' } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await takeStep(trx, actor.staffId, step))) return false;
        await confirmSession(trx, token, Date.now());
        if (audited) {
          await recordAudit(trx, actor, {
            ...audited,
            target: { type: 'staff', id: actor.staffId },
            detail: { with: 'totp' },
          });
        }
        return true;
      });
    },

    /** Uses one recovery code up and completes the login with it; false when it is unknown or used. */
    async acceptRecoveryCode(actor: AuditActor, token: string, codeHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const used = await trx
          .updateTable('staff_recovery_codes')
          .set({ used_at: now })
          .where('staff_id', '=', actor.staffId)
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (used.numUpdatedRows === 0n) return false;
        await confirmSession(trx, token, now);
        await recordAudit(trx, actor, {
          action: 'staff.login',
          target: { type: 'staff', id: actor.staffId },
          detail: { with: 'recovery_code' satisfies SecondFactor },
        });
        return true;
      });
    },

    recoveryCodesLeft,

    async regenerateRecoveryCodes(actor: AuditActor, codeHashes: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await replaceRecoveryCodes(trx, actor.staffId, codeHashes);
        await recordAudit(trx, actor, {
          action: 'staff.recovery_codes_regenerated',
          target: { type: 'staff', id: actor.staffId },
        });
      });
    },

    async setCapacity(actor: AuditActor, from: number, to: number): Promise<void> {
      if (from === to) return;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ capacity: to }).where('id', '=', actor.staffId).execute();
        await recordAudit(trx, actor, {
          action: 'staff.capacity',
          target: { type: 'staff', id: actor.staffId },
          detail: { capacity: [from, to] },
        });
      });
    },

    async logOut(actor: AuditActor, token: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('staff_sessions').where('id', '=', staffSessionId(token)).execute();
        await recordAudit(trx, actor, { action: 'staff.logout', target: { type: 'staff', id: actor.staffId } });
      });
    },

    /** A wrong password or code for a real account: the admins see who is being tried. */
    async recordFailedLogin(actor: AuditActor, step: 'password' | 'code' | 'recovery_code'): Promise<void> {
      await recordAudit(db, actor, {
        action: 'staff.login_failed',
        target: { type: 'staff', id: actor.staffId },
        detail: { step },
      });
    },

    async me(staff: StaffRow): Promise<ConsoleMe> {
      const sites = await db.selectFrom('staff_sites').select('site_id').where('staff_id', '=', staff.id).execute();
      const languages = await db
        .selectFrom('staff_languages')
        .select('language')
        .where('staff_id', '=', staff.id)
        .orderBy('language')
        .execute();
      return {
        id: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        permissions: [...ROLE_PERMISSIONS[staff.role]],
        sites: await listConsoleSites(
          db,
          sites.map((row) => row.site_id),
        ),
        languages: languages.map((row) => row.language).filter(isLocale),
        capacity: staff.capacity,
        recovery_codes_left: await recoveryCodesLeft(staff.id),
      };
    },
  };
}

export type ConsoleAuthRepository = ReturnType<typeof createConsoleAuthRepository>;
