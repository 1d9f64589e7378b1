import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

export interface AuditFilter {
  staff_id?: number;
  action?: string;
  target_type?: string;
  target_id?: number;
  from?: number;
  to?: number;
  before?: number;
}

/** Reads the audit log; writing is `recordAudit` (platform/audit), and nothing here or anywhere changes a row. */
export function createConsoleAuditRepository(db: Db) {
  return {
    async page(filter: AuditFilter): Promise<AuditPage> {
      let query = db.selectFrom('audit_log').selectAll();
      if (filter.staff_id !== undefined) query = query.where('staff_id', '=', filter.staff_id);
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.target_type !== undefined) query = query.where('target_type', '=', filter.target_type);
      if (filter.target_id !== undefined) query = query.where('target_id', '=', filter.target_id);
      if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
      // Ids grow with time and never tie, so they page steadily while new rows arrive.
      if (filter.before !== undefined) query = query.where('id', '<', filter.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(AUDIT_PAGE_SIZE + 1)
        .execute();
      const entries = rows.slice(0, AUDIT_PAGE_SIZE).map((row): AuditEntry => ({
        ...row,
        detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
      }));
      return {
        entries,
        next_before: rows.length > AUDIT_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null,
      };
    },
  };
}
