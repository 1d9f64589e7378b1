import type { Kysely } from 'kysely';

/**
 * Profile photos and about-me texts reviewed by a moderator (issue 18, docs/decisions/022): a photo
 * others may not see yet, texts waiting beside the published ones, and what a review item is about,
 * kept on the item so the record outlives the photo or text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('member_images')
    .addColumn('in_review', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // About-me texts by field name, as `personal` holds them, that others do not see until approved.
  await db.schema
    .alterTable('members')
    .addColumn('personal_in_review', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();

  // No foreign key on the image: the item is the record of a photo a moderator may remove.
  await db.schema.alterTable('moderation_items').addColumn('image_id', 'integer').execute();
  await db.schema.alterTable('moderation_items').addColumn('image_filename', 'text').execute();
  await db.schema.alterTable('moderation_items').addColumn('image_thumb_filename', 'text').execute();
  await db.schema.alterTable('moderation_items').addColumn('text_field', 'text').execute();
  await db.schema.alterTable('moderation_items').addColumn('text_content', 'text').execute();
  await db.schema.alterTable('moderation_items').addColumn('previous_text', 'text').execute();
  await db.schema
    .alterTable('moderation_items')
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // A photo's open item is withdrawn when the member removes the photo.
  await db.schema.createIndex('moderation_items_image').on('moderation_items').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('moderation_items_image').execute();
  for (const column of [
    'held',
    'previous_text',
    'text_content',
    'text_field',
    'image_thumb_filename',
    'image_filename',
    'image_id',
  ]) {
    await db.schema.alterTable('moderation_items').dropColumn(column).execute();
  }
  await db.schema.alterTable('members').dropColumn('personal_in_review').execute();
  await db.schema.alterTable('member_images').dropColumn('in_review').execute();
}
