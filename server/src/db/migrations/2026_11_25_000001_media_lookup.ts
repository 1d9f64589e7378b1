import type { Kysely } from 'kysely';

/** Every photo request asks whose file it is (features/media), by either of its two names. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('member_images_filename').on('member_images').column('filename').execute();
  await db.schema.createIndex('member_images_thumb_filename').on('member_images').column('thumb_filename').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_images_thumb_filename').execute();
  await db.schema.dropIndex('member_images_filename').execute();
}
