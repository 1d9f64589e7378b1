import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { StaffRow } from '../../db/schema.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/time.js';

/** A working day: staff log in again each shift, and a stolen cookie is worth less. */
export const STAFF_SESSION_TTL_MS = 12 * HOUR_MS;
/** How often a request moves `last_seen_at` on (the supervisor's "online" reads it). */
const SEEN_TOUCH_INTERVAL_MS = MINUTE_MS;

/** The stored id of a session: the cookie's token hashed, so a copy of the table opens nothing. */
export const staffSessionId = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StaffSession {
  staff: StaffRow;
  /** When the two-factor code was last given in this session; null while the login waits for it. */
  totpAt: number | null;
}

export function createStaffSessionsRepository(db: Db) {
  return {
    /** A session after the password; it opens nothing but the two-factor step until `confirmTotp`. */
    async create(
      staffId: number,
      from: { ip: string; userAgent?: string },
    ): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = now + STAFF_SESSION_TTL_MS;
      await db
        .insertInto('staff_sessions')
        .values({
          id: staffSessionId(token),
          staff_id: staffId,
          created_at: now,
          expires_at: expiresAt,
          totp_at: null,
          ip: from.ip,
          user_agent: from.userAgent?.slice(0, 300) ?? null,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The live session of an active staff account. */
    async find(token: string): Promise<StaffSession | undefined> {
      const now = Date.now();
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
        .selectAll('staff')
        .select('staff_sessions.totp_at')
        .where('staff_sessions.id', '=', staffSessionId(token))
        .where('staff_sessions.expires_at', '>', now)
        .where('staff.status', '=', 'active')
        .executeTakeFirst();
      if (!row) return undefined;
      const { totp_at: totpAt, ...staff } = row;
      if ((staff.last_seen_at ?? 0) < now - SEEN_TOUCH_INTERVAL_MS) {
        await db.updateTable('staff').set({ last_seen_at: now }).where('id', '=', staff.id).execute();
      }
      return { staff, totpAt };
    },

    /** The code was given: the session now opens the console, and sensitive actions for a while. */
    async confirmTotp(token: string, at = Date.now()): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ totp_at: at, code_failures: 0 })
        .where('id', '=', staffSessionId(token))
        .execute();
    },

    /** Counts a wrong two-factor code against the session; answers how many it has had. */
    async countCodeFailure(token: string): Promise<number> {
      const id = staffSessionId(token);
      const row = await db
        .updateTable('staff_sessions')
        .set((eb) => ({ code_failures: eb('code_failures', '+', 1) }))
        .where('id', '=', id)
        .returning('code_failures')
        .executeTakeFirst();
      return row?.code_failures ?? 0;
    },

    async destroy(token: string): Promise<void> {
      await db.deleteFrom('staff_sessions').where('id', '=', staffSessionId(token)).execute();
    },

    /** Ends every session of a staff account: disabled, password or two-factor reset. */
    async destroyAllFor(staffId: number): Promise<void> {
      await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
    },
  };
}

export type StaffSessionsRepository = ReturnType<typeof createStaffSessionsRepository>;
