import { sql, type Kysely } from 'kysely';

/**
 * Every search answer asks which of its members may still be shown. Read from the table, that is
 * a dozen random rows out of a million; this index holds only searchable ids, densely, so the
 * same question reads a few small pages (see features/search/search.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('members_searchable_ids')
    .on('members')
    .column('id')
    .where(sql<boolean>`status = 'active'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_searchable_ids').execute();
}
