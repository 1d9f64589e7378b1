import type { Kysely } from 'kysely';

/**
 * Members' optional two-factor login (issue 19), beside the member row rather than in it: the
 * session lookup reads every member column on every request, and few members turn this on.
 * The secret is sealed as staff's are (decision 013); until `enabled_at` it is the one offered,
 * not yet confirmed by a code. Recovery codes are single use and stored as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_two_factor')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('member_recovery_codes')
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('member_recovery_codes_pk', ['member_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_recovery_codes').execute();
  await db.schema.dropTable('member_two_factor').execute();
}
