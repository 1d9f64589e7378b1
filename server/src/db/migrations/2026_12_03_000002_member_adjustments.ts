import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Member administration (issue 18): what staff gave back (a refund, credits for messages, a grant),
 * by whom, and whether it waits for an admin because it went over the giver's daily limit; and which
 * messages were credited back, so that no message is given back twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_adjustments')
    .addColumn('id', 'integer', autoId(dialectOf(db)))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    // JSON array of message ids (credit-backs); message_credit_backs holds the uniqueness.
    .addColumn('message_ids', 'text')
    .addColumn('amount', 'integer')
    .addColumn('currency', 'text')
    .addColumn('credits', 'integer')
    .addColumn('reason', 'text', (col) => col.notNull())
    // No cascade: who asked and who decided stays on record; staff accounts are disabled, not removed.
    .addColumn('requested_by', 'integer', (col) => col.notNull().references('staff.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('decided_by', 'integer', (col) => col.references('staff.id'))
    .addColumn('decided_at', 'bigint')
    .execute();
  // The daily limit sums one giver's day; the member page lists the member's.
  await db.schema
    .createIndex('member_adjustments_requested_by')
    .on('member_adjustments')
    .columns(['requested_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_adjustments_member')
    .on('member_adjustments')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema.createIndex('member_adjustments_status').on('member_adjustments').column('status').execute();

  await db.schema
    .createTable('message_credit_backs')
    .addColumn('message_id', 'integer', (col) => col.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('adjustment_id', 'integer', (col) =>
      col.notNull().references('member_adjustments.id').onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_credit_backs').execute();
  await db.schema.dropIndex('member_adjustments_status').execute();
  await db.schema.dropIndex('member_adjustments_member').execute();
  await db.schema.dropIndex('member_adjustments_requested_by').execute();
  await db.schema.dropTable('member_adjustments').execute();
}
