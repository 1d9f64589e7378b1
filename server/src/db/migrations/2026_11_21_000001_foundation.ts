import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(dialectOf(db));

  await db.schema
    .createTable('sites')
    .addColumn('id', 'integer', id)
    .addColumn('domain', 'text', (col) => col.notNull().unique())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', id)
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addUniqueConstraint('regions_country_code', ['country', 'code'])
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'integer', id)
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('fictional', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('paid_user', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('mailprovider', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('gender', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('country', 'text')
    .addColumn('countryregion', 'integer')
    .addColumn('city', 'text')
    .addColumn('personal', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('main_image_id', 'integer')
    .addColumn('signup_at', 'bigint', (col) => col.notNull())
    .addColumn('last_active_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('members_site_email', ['site_id', 'email_normalized'])
    .execute();

  await db.schema
    .createIndex('members_search')
    .on('members')
    .columns(['site_id', 'status', 'country', 'gender', 'date_of_birth'])
    .execute();

  await db.schema
    .createTable('member_images')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('thumb_filename', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('member_images_member').on('member_images').column('member_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'member_images', 'members', 'regions', 'sites']) {
    await db.schema.dropTable(table).execute();
  }
}
