import type { Kysely } from 'kysely';

/**
 * Spending care (issue 16): the member's own monthly limit, its currency, and a raise (or removal)
 * that waits out its cooling-off period. A waiting change is there exactly when its time is set;
 * its limit may be null, which removes the limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('monthly_spending_limit', 'integer').execute();
  await db.schema.alterTable('members').addColumn('monthly_spending_limit_currency', 'text').execute();
  await db.schema.alterTable('members').addColumn('monthly_spending_limit_pending', 'integer').execute();
  await db.schema.alterTable('members').addColumn('monthly_spending_limit_pending_at', 'bigint').execute();
  // Spent this month: one member's paid orders by the time they were paid.
  await db.schema.createIndex('orders_member_paid').on('orders').columns(['member_id', 'paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_member_paid').execute();
  await db.schema.alterTable('members').dropColumn('monthly_spending_limit_pending_at').execute();
  await db.schema.alterTable('members').dropColumn('monthly_spending_limit_pending').execute();
  await db.schema.alterTable('members').dropColumn('monthly_spending_limit_currency').execute();
  await db.schema.alterTable('members').dropColumn('monthly_spending_limit').execute();
}
