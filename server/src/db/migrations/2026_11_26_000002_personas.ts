import { sql, type Kysely, type RawBuilder } from 'kysely';

const SEARCH_INDEXES = {
  members_search_order: ['site_id', 'gender', 'country', 'search_rank', 'id', 'date_of_birth'],
  members_search_region_order: ['site_id', 'gender', 'country', 'countryregion', 'search_rank', 'id', 'date_of_birth'],
} as const;

async function createSearchIndexes(db: Kysely<unknown>, searchable: RawBuilder<boolean>) {
  for (const [name, columns] of Object.entries(SEARCH_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('members')
      .columns([...columns])
      .where(searchable)
      .execute();
  }
}

/**
 * Personas managed in the console (issue 15). A hidden persona keeps its conversations but is
 * listed nowhere: `listed = 0` takes it out of search, the match finder and landers. The search
 * indexes hold only listed members, so search reads no more than before. A retired persona gets
 * the member status `retired`, one of the gone states (db/schema.ts), which needs no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('listed', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await createSearchIndexes(db, sql<boolean>`status = 'active' and listed = 1`);
  // The console's persona list, per site and by name; a few hundred rows among a million members.
  await db.schema
    .createIndex('members_personas')
    .on('members')
    .columns(['site_id', 'name', 'id'])
    .where(sql<boolean>`fictional = 1`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_personas').execute();
  await createSearchIndexes(db, sql<boolean>`status = 'active'`);
  await db.schema.alterTable('members').dropColumn('listed').execute();
}
