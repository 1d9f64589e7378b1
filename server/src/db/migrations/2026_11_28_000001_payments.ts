import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Buying credits (issue 16): orders with what was bought and the VAT inside the price, every
 * event a provider reported (one row per event, so a repeated one is recognised), what a
 * notification said that did not fit its order (for staff), and the guards that keep money
 * exact: a unique business key per ledger row and a spending block after a chargeback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));
  const order = (col: ColumnDefinitionBuilder) => col.notNull().references('orders.id').onDelete('cascade');

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    // No cascade: an order is a bookkeeping record that outlives the account it was bought from.
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    .addColumn('purchase', 'text', (col) => col.notNull())
    // The package as it was when ordered: the site's settings may change before it is paid.
    .addColumn('package_id', 'text')
    .addColumn('package_credits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bonus_credits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // Minor units; gross = net + vat, VAT inside the price at the buyer's country's rate.
    .addColumn('net', 'integer', (col) => col.notNull())
    .addColumn('vat', 'integer', (col) => col.notNull())
    .addColumn('gross', 'integer', (col) => col.notNull())
    .addColumn('vat_rate_bp', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text')
    // A token or mandate the provider stored for a repeat order or a renewal.
    .addColumn('mandate', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_member').on('orders').columns(['member_id', 'id']).execute();
  // The re-check job's scan of orders stuck in pending.
  await db.schema.createIndex('orders_state').on('orders').columns(['state', 'updated_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('order_id', 'integer', order)
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_key', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    // The same event told twice (notification, return page, re-check) is one row: the second insert fails.
    .addUniqueConstraint('payment_events_once', ['provider', 'order_id', 'event_key'])
    .execute();

  await db.schema
    .createTable('payment_anomalies')
    .addColumn('id', 'integer', id)
    // Null when the notification named an order we do not have.
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();

  // The last guard: whatever else failed, one business event writes at most one ledger row.
  await db.schema.alterTable('credit_ledger').addColumn('business_key', 'text').execute();
  await db.schema
    .createIndex('credit_ledger_business_key')
    .on('credit_ledger')
    .column('business_key')
    .unique()
    .execute();

  // The country whose prices and methods the member chose at checkout (spec §3 payment country).
  await db.schema.alterTable('members').addColumn('payment_country', 'text').execute();
  // Set by a chargeback: the member spends nothing until staff settle it.
  await db.schema.alterTable('members').addColumn('spending_blocked_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('spending_blocked_at').execute();
  await db.schema.alterTable('members').dropColumn('payment_country').execute();
  await db.schema.dropIndex('credit_ledger_business_key').execute();
  await db.schema.alterTable('credit_ledger').dropColumn('business_key').execute();
  await db.schema.dropTable('payment_anomalies').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('orders').execute();
}
