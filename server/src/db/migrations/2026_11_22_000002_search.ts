import { sql, type Kysely } from 'kysely';

/**
 * Member search: a stored order key and the indexes that return a page in that order
 * without sorting, plus each member's saved search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('search_rank', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Kept in step with db/search-rank.ts.
  await sql`update members set search_rank =
    (case when main_image_id is null then 0 else 100000 end) + (last_active_at / 86400000)`.execute(db);

  // Only searchable members are indexed: the indexes stay small and a deleted member drops out.
  const searchable = sql<boolean>`status = 'active'`;
  await db.schema
    .createIndex('members_search_order')
    .on('members')
    .columns(['site_id', 'gender', 'country', 'search_rank', 'id', 'date_of_birth'])
    .where(searchable)
    .execute();
  await db.schema
    .createIndex('members_search_region_order')
    .on('members')
    .columns(['site_id', 'gender', 'country', 'countryregion', 'search_rank', 'id', 'date_of_birth'])
    .where(searchable)
    .execute();

  await db.schema
    .createTable('member_searches')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('gender', 'text', (col) => col.notNull())
    .addColumn('min_age', 'integer', (col) => col.notNull())
    .addColumn('max_age', 'integer', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('countryregion', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_searches').execute();
  await db.schema.dropIndex('members_search_region_order').execute();
  await db.schema.dropIndex('members_search_order').execute();
  await db.schema.alterTable('members').dropColumn('search_rank').execute();
}
