import type { Kysely } from 'kysely';

/**
 * Paid traffic is bought per lander and source, so the operator needs visits and sign-ups per
 * lander, slug and network: visits are counted per day (one row, not one per view), sign-ups
 * carry their lander on the tracking record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lander_visits')
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('lander', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    // '' rather than NULL for "no network": NULLs never collide in the primary key, so counts would split.
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visits', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lander_visits_pk', ['site_id', 'day', 'lander', 'slug', 'network'])
    .execute();

  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('member_tracking').addColumn('lander', 'text').execute();
  await db.schema.alterTable('member_tracking').addColumn('lander_slug', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_tracking').dropColumn('lander_slug').execute();
  await db.schema.alterTable('member_tracking').dropColumn('lander').execute();
  await db.schema.dropTable('lander_visits').execute();
}
