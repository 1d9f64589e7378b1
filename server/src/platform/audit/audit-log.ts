import type { AuditAction, AuditTargetType } from '@rendezvous/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Who did it and from where: the staff session of the request. */
export interface AuditActor {
  staffId: number;
  staffEmail: string;
  ip: string;
}

export interface AuditEntry {
  /** What was done, as `area.verb` (`staff.create`, `inbox.reply`, `persona.update`). */
  action: AuditAction;
  target?: { type: AuditTargetType; id: number };
  siteId?: number;
  /** What changed, stored as JSON; never a password, code or secret. */
  detail?: Record<string, unknown>;
}

/**
 * Writes one row of the append-only audit log (the database refuses to change or delete one).
 * Pass the transaction that makes the change, so the record exists exactly when the change does.
 */
export async function recordAudit(db: Db | Transaction<Database>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: actor.staffId,
      staff_email: actor.staffEmail,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      site_id: entry.siteId ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ip: actor.ip,
      created_at: Date.now(),
    })
    .execute();
}

/** The actor of a staff route's request: the session's staff member and the address they came from. */
export const staffActorOf = (request: { ip: string; staff: { staff: { id: number; email: string } } }): AuditActor => ({
  staffId: request.staff.staff.id,
  staffEmail: request.staff.staff.email,
  ip: request.ip,
});
