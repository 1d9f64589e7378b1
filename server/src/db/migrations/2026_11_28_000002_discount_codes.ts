import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Discount codes (issue 16): per site, limited in uses and time, optionally one member's own (the
 * welcome and delete offers), and the redemptions that count them. An order keeps the code and
 * what it gave, so a code that changes or runs out later does not change a price already shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id').onDelete('cascade'))
    // Stored upper case: members type codes in any case.
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint', (col) => col.notNull())
    .addColumn('valid_until', 'bigint')
    .addColumn('per_member_once', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('purpose', 'text', (col) => col.notNull())
    // Set for a personal code (a welcome or delete offer); null for a code anyone on the site may use.
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('discount_codes_code', ['site_id', 'code'])
    .execute();
  await db.schema.createIndex('discount_codes_member').on('discount_codes').columns(['member_id', 'purpose']).execute();

  await db.schema.alterTable('orders').addColumn('discount_code_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
  // What the code gave this order: minor units off the gross, or credits on top.
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_credits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('code_id', 'integer', (col) => col.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade').unique())
    // The member's id only where the code is once per member: unique with the code, while nulls never clash.
    .addColumn('once_member_id', 'integer')
    .addColumn('redeemed_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('discount_redemptions_once', ['code_id', 'once_member_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.alterTable('orders').dropColumn('discount_credits').execute();
  await db.schema.alterTable('orders').dropColumn('discount').execute();
  await db.schema.alterTable('orders').dropColumn('discount_code').execute();
  await db.schema.alterTable('orders').dropColumn('discount_code_id').execute();
  await db.schema.dropTable('discount_codes').execute();
}
