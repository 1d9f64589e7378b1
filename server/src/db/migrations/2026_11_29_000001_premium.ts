import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Premium membership (issue 16): a member's subscription with its term, renewal and how it ended;
 * the orders that pay its terms; what a withdrawal refunds; and until when premium's benefits
 * apply, on the member row where every request that needs it already reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', autoId(dialectOf(db)))
    // No cascade: like an order, a contract is a bookkeeping record that outlives the account.
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('months', 'integer', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // What each month after the first term costs, VAT included, fixed when ordered.
    .addColumn('renewal_amount', 'integer', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('mandate', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('current_period_end', 'bigint')
    .addColumn('renews', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('cancelled_at', 'bigint')
    // Why it ended or will not renew: 'account', 'public_page', 'renewal_failed', 'spending_limit',
    // 'account_closed', 'duplicate', 'withdrawal', 'refund'
    .addColumn('ended_by', 'text')
    .addColumn('withdrawn_at', 'bigint')
    // The period end whose reminder went out: one reminder per renewal, however often the job runs.
    .addColumn('reminded_for', 'bigint')
    // The period end whose renewal this node claimed: one charge per renewal across nodes and runs.
    .addColumn('renewing_for', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_member').on('subscriptions').columns(['member_id', 'id']).execute();
  // The renewal job's scan: running memberships by when their term ends.
  await db.schema
    .createIndex('subscriptions_due')
    .on('subscriptions')
    .columns(['state', 'current_period_end'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('subscription_id', 'integer', (col) => col.references('subscriptions.id'))
    .execute();
  // The months a premium order pays for, and whether it renews a running membership.
  await db.schema
    .alterTable('orders')
    .addColumn('plan_months', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('renewal', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // A refund we asked for that is less than the order (a withdrawal keeps the days used).
  await db.schema.alterTable('orders').addColumn('refund_amount', 'integer').execute();

  await db.schema.alterTable('members').addColumn('premium_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('premium_until').execute();
  await db.schema.alterTable('orders').dropColumn('refund_amount').execute();
  await db.schema.alterTable('orders').dropColumn('renewal').execute();
  await db.schema.alterTable('orders').dropColumn('plan_months').execute();
  await db.schema.alterTable('orders').dropColumn('subscription_id').execute();
  await db.schema.dropIndex('subscriptions_due').execute();
  await db.schema.dropIndex('subscriptions_member').execute();
  await db.schema.dropTable('subscriptions').execute();
}
