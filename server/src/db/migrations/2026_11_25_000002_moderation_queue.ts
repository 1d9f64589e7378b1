import { REPORT_REASON_CATEGORY, type ReportReason } from '@rendezvous/contract';
import { sql, type Kysely } from 'kysely';
import { newModerationReference } from '../moderation-queue.js';
import { autoId, dialectOf } from '../dialect.js';

/**
 * One queue for everything the operator must look at: in-app reports, notices from the public
 * complaint form and appeals against a decision (docs/decisions/008). The reports filed so far
 * move over, each with a reference of its own, and their old table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));

  await db.schema
    .createTable('moderation_items')
    .addColumn('id', 'integer', id)
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('location', 'text')
    // Kept when a member row goes: what was reported, and by whom, stays on record.
    .addColumn('reported_member_id', 'integer', (col) => col.references('members.id').onDelete('set null'))
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('category', 'text')
    .addColumn('explanation', 'text')
    .addColumn('reporter_member_id', 'integer', (col) => col.references('members.id').onDelete('set null'))
    .addColumn('reporter_name', 'text')
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_language', 'text')
    .addColumn('good_faith', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // The console's list: open items, oldest first.
  await db.schema
    .createIndex('moderation_items_queue')
    .on('moderation_items')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('moderation_items_reported')
    .on('moderation_items')
    .column('reported_member_id')
    .execute();

  const reports = await sql<{
    id: number;
    site_id: number;
    reporter_id: number;
    reported_id: number;
    conversation_id: number | null;
    reason: string;
    note: string | null;
    status: string;
    created_at: number | string;
  }>`select r.id, m.site_id, r.reporter_id, r.reported_id, r.conversation_id, r.reason, r.note, r.status, r.created_at
    from reports r join members m on m.id = r.reporter_id order by r.id`.execute(db);
  const used = new Set<string>();
  for (const report of reports.rows) {
    let reference = newModerationReference();
    while (used.has(reference)) reference = newModerationReference();
    used.add(reference);
    const category = REPORT_REASON_CATEGORY[report.reason as ReportReason] ?? 'other';
    await sql`insert into moderation_items
      (reference, source, site_id, subject, reported_member_id, conversation_id, category, explanation,
       reporter_member_id, status, created_at)
      values (${reference}, 'report', ${report.site_id}, ${report.conversation_id === null ? 'profile' : 'message'},
        ${report.reported_id}, ${report.conversation_id}, ${category}, ${report.note}, ${report.reporter_id},
        ${report.status}, ${Number(report.created_at)})`.execute(db);
  }
  await db.schema.dropTable('reports').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));
  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', id)
    .addColumn('reporter_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('reported_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // Only in-app reports had a place in the old table; notices and appeals have none to go back to.
  const reasonOf = Object.fromEntries(
    Object.entries(REPORT_REASON_CATEGORY).map(([reason, category]) => [category, reason]),
  ) as Record<string, string>;
  const items = await sql<{
    reporter_member_id: number;
    reported_member_id: number;
    conversation_id: number | null;
    category: string;
    explanation: string | null;
    status: string;
    created_at: number | string;
  }>`select reporter_member_id, reported_member_id, conversation_id, category, explanation, status, created_at
    from moderation_items
    where source = 'report' and reporter_member_id is not null and reported_member_id is not null
    order by id`.execute(db);
  for (const item of items.rows) {
    await sql`insert into reports (reporter_id, reported_id, conversation_id, reason, note, status, created_at)
      values (${item.reporter_member_id}, ${item.reported_member_id}, ${item.conversation_id},
        ${reasonOf[item.category] ?? 'other'}, ${item.explanation}, ${item.status}, ${Number(item.created_at)})`.execute(
      db,
    );
  }
  await db.schema.dropTable('moderation_items').execute();
}
