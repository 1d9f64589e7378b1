import type { Kysely } from 'kysely';

/**
 * A member's own wish to stay out of search, similar members and landers (issue 19). `listed`
 * stays what every list reads (so search and its partial indexes are unchanged): 0 while the
 * member hides or a moderator's `hide` decision stands. This column remembers the member's part,
 * so lifting a decision does not list a member who chose to hide, and unhiding does not list a
 * member a moderator hid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('hidden_from_search', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('hidden_from_search').execute();
}
