import type { Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * Evidence kept with a moderation item (issue 18): the reported conversation copied when the item is
 * filed, so what the moderator and the authorities read is what was reported even if messages or
 * names change later; and, for an item a rule raised, which rule and which message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moderation_evidence')
    .addColumn('id', 'integer', autoId(dialectOf(db)))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('moderation_items.id').onDelete('cascade'))
    // No foreign keys on the message or its sender: the copy outlives both.
    .addColumn('message_id', 'integer', (col) => col.notNull())
    .addColumn('sender_id', 'integer', (col) => col.notNull())
    .addColumn('sender_name', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_evidence_item')
    .on('moderation_evidence')
    .columns(['item_id', 'message_id'])
    .execute();

  await db.schema.alterTable('moderation_items').addColumn('flag_rule', 'text').execute();
  await db.schema.alterTable('moderation_items').addColumn('message_id', 'integer').execute();
  // The check that one sender's conversation has no open rule item yet.
  await db.schema
    .createIndex('moderation_items_rule')
    .on('moderation_items')
    .columns(['reported_member_id', 'conversation_id', 'source', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('moderation_items_rule').execute();
  await db.schema.alterTable('moderation_items').dropColumn('message_id').execute();
  await db.schema.alterTable('moderation_items').dropColumn('flag_rule').execute();
  await db.schema.dropIndex('moderation_evidence_item').execute();
  await db.schema.dropTable('moderation_evidence').execute();
}
