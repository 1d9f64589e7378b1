import type { Kysely } from 'kysely';

/**
 * One row per operator reply (issue 15, supervisor view): who answered which site's member and
 * how long the member had waited, so answers per hour and median answer times are a range read
 * rather than a walk through every message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_answers')
    .addColumn('message_id', 'integer', (col) => col.primaryKey().references('messages.id').onDelete('cascade'))
    // No foreign key to staff, as for messages.written_by_staff_id: accounts are disabled, not deleted.
    .addColumn('staff_id', 'integer', (col) => col.notNull())
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (col) => col.notNull())
    // From the member's oldest unanswered message to the reply; null when the persona wrote unasked.
    .addColumn('waited_ms', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('console_answers_time').on('console_answers').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_answers').execute();
}
