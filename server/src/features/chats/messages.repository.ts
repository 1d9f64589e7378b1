import type { ChatMessage } from '@rendezvous/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { findSentMessage, storeMessage, type OutgoingMessage, type StoredMessage } from '../../messaging/messages.js';

/** What a send answers; `stored` is null when the client key named a message sent before, so nothing is delivered again. */
export interface SendOutcome {
  message: ChatMessage;
  credits: number;
  stored: StoredMessage | null;
  recipientId: number;
}

export function createMessagesRepository(db: Db) {
  /** The message sent before under this key, as a repeat answers it. */
  async function sentBefore(senderId: number, clientKey: string | undefined): Promise<SendOutcome | null> {
    const found = clientKey === undefined ? null : await findSentMessage(db, senderId, clientKey);
    return found && { ...found, stored: null };
  }

  return {
    /**
     * A member's message, stored and paid in one transaction (messaging/messages.ts), once per
     * client key (decision 019): a repeat answers the stored message and the balance, charging
     * nothing, even when the first send's transaction commits while the repeat's is open.
     */
    async send(outgoing: OutgoingMessage): Promise<SendOutcome> {
      const repeat = await sentBefore(outgoing.senderId, outgoing.clientKey);
      if (repeat) return repeat;
      try {
        const stored = await db.transaction().execute((trx) => storeMessage(trx, outgoing));
        return { message: stored.message, credits: stored.credits, stored, recipientId: stored.recipient.id };
      } catch (error) {
        // Two sends with one key at once: the other stored it first, and the unique index refused ours.
        const raced = isUniqueViolation(error) ? await sentBefore(outgoing.senderId, outgoing.clientKey) : null;
        if (raced) return raced;
        throw error;
      }
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
