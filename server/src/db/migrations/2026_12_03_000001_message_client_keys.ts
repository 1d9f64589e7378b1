import type { Kysely } from 'kysely';

/**
 * A message's client key (docs/decisions/020): the UUID the sender's device made for it, so a
 * send repeated after a lost answer or from the offline outbox finds the message already stored
 * instead of storing and charging it again. Unique per sender; messages without one (older ones,
 * a persona's) leave it null, which a unique index allows any number of times on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('client_key', 'text').execute();
  await db.schema
    .createIndex('messages_sender_client_key')
    .on('messages')
    .columns(['sender_id', 'client_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_sender_client_key').execute();
  await db.schema.alterTable('messages').dropColumn('client_key').execute();
}
