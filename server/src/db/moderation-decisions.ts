import type { ModerationAction, ModerationDecision, ModerationReason } from '@rendezvous/contract';
import type { Db } from './database.js';

interface DecisionRow {
  id: number;
  reference: string;
  action: ModerationAction;
  reason: ModerationReason;
  until: number | null;
  staff_id: number;
  staff_name: string | null;
  created_at: number;
  lifted_at: number | null;
}

/** Moderation decisions with who took them, for the queue and the member page to narrow down. */
export function selectDecisions(executor: Db) {
  return executor
    .selectFrom('moderation_decisions as d')
    .leftJoin('staff as s', 's.id', 'd.staff_id')
    .select(['d.id', 'd.reference', 'd.action', 'd.reason', 'd.until', 'd.staff_id', 's.name as staff_name'])
    .select(['d.created_at', 'd.lifted_at']);
}

export const decisionOf = (row: DecisionRow): ModerationDecision => ({
  id: row.id,
  reference: row.reference,
  action: row.action,
  reason: row.reason,
  until: row.until,
  staff: { id: row.staff_id, name: row.staff_name ?? '' },
  created_at: row.created_at,
  lifted_at: row.lifted_at,
});
