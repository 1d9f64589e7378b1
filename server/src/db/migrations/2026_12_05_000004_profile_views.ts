import type { Kysely } from 'kysely';

/**
 * Who viewed whose profile (issue 19): one row per viewer, profile and UTC day, its time the
 * latest view that day. Kept 30 days (features/profile-visitors prunes as it records). A member
 * may look without leaving a trace (`members.leaves_visit_trace` 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('leaves_visit_trace', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('profile_views')
    .addColumn('viewed_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('viewer_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    // YYYY-MM-DD in UTC: a visitor counts once a day.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('viewed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('profile_views_pk', ['viewed_id', 'viewer_id', 'day'])
    .execute();
  // The visitor list reads the newest first; erasure finds a member's own views.
  await db.schema.createIndex('profile_views_latest').on('profile_views').columns(['viewed_id', 'viewed_at']).execute();
  await db.schema.createIndex('profile_views_viewer').on('profile_views').column('viewer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profile_views_viewer').execute();
  await db.schema.dropIndex('profile_views_latest').execute();
  await db.schema.dropTable('profile_views').execute();
  await db.schema.alterTable('members').dropColumn('leaves_visit_trace').execute();
}
