import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Moderation decisions (issue 18): the record of each decision behind its statement of reasons,
 * who holds an item while deciding it, an item's link to the decision that closed it (and, for an
 * appeal, to the one appealed against), and when a member's suspension ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moderation_decisions')
    .addColumn('id', 'integer', autoId(dialectOf(db)))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('item_id', 'integer', (col) => col.notNull().references('moderation_items.id'))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    // As on the items: the record outlives a member row.
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('set null'))
    // No cascade: who decided stays on record; staff accounts are disabled, not removed.
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('until', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('lifted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('moderation_decisions_member')
    .on('moderation_decisions')
    .columns(['member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('moderation_claims')
    .addColumn('item_id', 'integer', (col) => col.primaryKey().references('moderation_items.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('moderation_items')
    .addColumn('appealed_decision_id', 'integer', (col) => col.references('moderation_decisions.id'))
    .execute();
  await db.schema
    .alterTable('moderation_items')
    .addColumn('decision_id', 'integer', (col) => col.references('moderation_decisions.id'))
    .execute();

  await db.schema.alterTable('members').addColumn('suspended_until', 'bigint').execute();
  // The lifting job's scan: suspensions by when they end.
  await db.schema.createIndex('members_suspended_until').on('members').column('suspended_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_suspended_until').execute();
  await db.schema.alterTable('members').dropColumn('suspended_until').execute();
  await db.schema.alterTable('moderation_items').dropColumn('decision_id').execute();
  await db.schema.alterTable('moderation_items').dropColumn('appealed_decision_id').execute();
  await db.schema.dropTable('moderation_claims').execute();
  await db.schema.dropIndex('moderation_decisions_member').execute();
  await db.schema.dropTable('moderation_decisions').execute();
}
