import type { Kysely } from 'kysely';
import { up as createSearchableIndex } from './2026_11_23_000002_search_visibility.js';

/**
 * When anything other members see of a member last changed (status, profile, photos), so every
 * server node can learn within a second what to read again instead of what it holds in memory
 * (db/member-changes.ts). Search no longer asks the table which of a page's members may be shown,
 * so the index that answered that goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('changed_at', 'bigint').execute();
  await db.schema.createIndex('members_changed').on('members').column('changed_at').execute();
  await db.schema.dropIndex('members_searchable_ids').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createSearchableIndex(db);
  await db.schema.dropIndex('members_changed').execute();
  await db.schema.alterTable('members').dropColumn('changed_at').execute();
}
