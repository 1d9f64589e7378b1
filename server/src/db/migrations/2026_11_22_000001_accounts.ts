import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

const NEW_MEMBER_COLUMNS = [
  ['timezone', 'text'],
  ['push_subscription', 'text'],
  ['activated_at', 'bigint'],
  ['deleted_at', 'bigint'],
  ['form_path', 'text'],
  ['referrer', 'text'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));

  // SQLite adds one column per ALTER TABLE.
  for (const [column, type] of NEW_MEMBER_COLUMNS) {
    await db.schema.alterTable('members').addColumn(column, type).execute();
  }

  // Spec §3 tracking record: where a member came from, kept for the operator's reports.
  await db.schema
    .createTable('member_tracking')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('network', 'text')
    .addColumn('ref', 'text')
    .addColumn('sub1', 'text')
    .addColumn('sub2', 'text')
    .addColumn('sub3', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // Single-use links sent by mail; only a hash of the token is stored.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('payload', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('account_tokens_member').on('account_tokens').columns(['member_id', 'purpose']).execute();

  // Whether the mail server accepted each mail: GET /api/activate.php reads `delivered` from here.
  await db.schema
    .createTable('mail_deliveries')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('accepted', 'integer', (col) => col.notNull())
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_deliveries_member').on('mail_deliveries').columns(['member_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_deliveries', 'account_tokens', 'member_tracking']) {
    await db.schema.dropTable(table).execute();
  }
  for (const [column] of [...NEW_MEMBER_COLUMNS].reverse()) {
    await db.schema.alterTable('members').dropColumn(column).execute();
  }
}
