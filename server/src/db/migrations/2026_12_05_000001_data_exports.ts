import type { Kysely } from 'kysely';

/**
 * A member's copy of their data (issue 19): asked for, prepared in the background by whichever
 * node claims it first, then downloadable until it expires, when the file goes and the row too.
 * The id is random: it is the download link's only parameter, checked against the session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    // The zip's name in the media store, once it is written.
    .addColumn('file', 'text')
    .addColumn('size', 'integer')
    .addColumn('requested_at', 'bigint', (col) => col.notNull())
    // A node building it; another may take over when this is old (the node died).
    .addColumn('claimed_at', 'bigint')
    .addColumn('ready_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('data_exports_member')
    .on('data_exports')
    .columns(['member_id', 'requested_at'])
    .execute();
  await db.schema.createIndex('data_exports_state').on('data_exports').columns(['state', 'requested_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('data_exports_state').execute();
  await db.schema.dropIndex('data_exports_member').execute();
  await db.schema.dropTable('data_exports').execute();
}
