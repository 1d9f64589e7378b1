import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { storeMessage, type StoredMessage } from '../../messaging/messages.js';

export function createMessagesRepository(db: Db) {
  return {
    /** A member's message, stored and paid in one transaction (messaging/messages.ts). */
    async send(memberId: number, conversationId: number, body: string, cost: number): Promise<StoredMessage> {
      return db.transaction().execute((trx) => storeMessage(trx, { conversationId, senderId: memberId, body, cost }));
    },

    /**
     * Moves the member's read position forward to `upTo` (never past the latest message, never
     * back) and recounts what is still unread after it, so a message that arrived after `upTo`
     * stays unread. Returns the position now stored.
     */
    async markRead(memberId: number, conversationId: number, otherId: number, upTo: number): Promise<number> {
      const latest = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      const position = Math.min(upTo, Number(latest?.id ?? 0));
      await db
        .updateTable('conversation_members')
        .set({
          last_read_message_id: position,
          num_unread: sql<number>`(select count(*) from messages where messages.conversation_id = ${conversationId} and messages.sender_id = ${otherId} and messages.id > ${position})`,
        })
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId)
        // A later position written by another tab stays.
        .where('last_read_message_id', '<=', position)
        .execute();
      const row = await db
        .selectFrom('conversation_members')
        .select('last_read_message_id')
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return row.last_read_message_id;
    },
  };
}
