import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Site settings edited in the console (issue 18): a version on each site, so a save made on stale
 * settings is refused rather than undo someone else's, and the history of every saved change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('site_config_changes')
    .addColumn('id', 'integer', autoId(dialectOf(db)))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id').onDelete('cascade'))
    // No cascade: who changed a site stays on record; staff accounts are disabled, not removed.
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id'))
    // The changes as listed (path, before, after), and the whole object as saved, as JSON.
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('site_config_changes_site')
    .on('site_config_changes')
    .columns(['site_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('site_config_changes_site').execute();
  await db.schema.dropTable('site_config_changes').execute();
  await db.schema.alterTable('sites').dropColumn('version').execute();
}
