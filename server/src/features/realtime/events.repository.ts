import type { ChatMessage } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

export function createEventsRepository(db: Db) {
  return {
    /** The newest message id anywhere: where a fresh stream's catch-up starts if it reconnects. */
    async latestMessageId(): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Messages in the member's conversations after `afterId`, oldest first, at most `limit`. */
    async messagesAfter(memberId: number, afterId: number, limit: number): Promise<ChatMessage[]> {
      const rows = await db
        .selectFrom('conversation_members as mine')
        .innerJoin('messages', 'messages.conversation_id', 'mine.conversation_id')
        .select([
          'messages.id',
          'messages.conversation_id',
          'messages.sender_id',
          'messages.body',
          'messages.created_at',
        ])
        .where('mine.member_id', '=', memberId)
        .where('messages.id', '>', afterId)
        .orderBy('messages.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        conversation: row.conversation_id,
        from: row.sender_id,
        body: row.body,
        created_at: new Date(Number(row.created_at)).toISOString(),
      }));
    },
  };
}
