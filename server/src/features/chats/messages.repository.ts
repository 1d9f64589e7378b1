import type { ChatMessage } from '@rendezvous/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { spend } from '../../ledger/credit-ledger.js';
import { isGone } from '../../db/schema.js';
import { chatMessageOf, type ChatsRepository } from './chats.repository.js';

export const conversationNotFound = () => notFound('This conversation does not exist.');

export interface SentMessage {
  message: ChatMessage;
  /** The sender's balance after paying. */
  credits: number;
  recipient: { id: number; fictional: boolean };
}

export function createMessagesRepository(db: Db, chats: ChatsRepository) {
  return {
    /**
     * Stores and pays for a message in one transaction: a refused payment stores nothing, and a
     * message to someone deleted, banned or blocked in the meantime is neither stored nor paid.
     */
    async send(memberId: number, conversationId: number, body: string, cost: number): Promise<SentMessage> {
      return db.transaction().execute(async (trx) => {
        const side = await chats.side(memberId, conversationId, trx);
        if (!side) throw conversationNotFound();
        // The conversation stays readable, but nothing more reaches a member who is gone.
        if (isGone(side.otherStatus)) {
          throw new AppError(403, 'member_unavailable', 'This member is no longer available.');
        }
        if (!side.profile.available) throw new AppError(403, 'blocked', 'You cannot write to this member.');

        const now = Date.now();
        const row = await trx
          .insertInto('messages')
          .values({
            conversation_id: conversationId,
            sender_id: memberId,
            body,
            credits: cost,
            // Fictional profiles are answered by an operator, never automatically.
            awaiting_operator: side.otherFictional ? 1 : 0,
            created_at: now,
          })
          .returning(['id', 'conversation_id', 'sender_id', 'body', 'created_at'])
          .executeTakeFirstOrThrow();
        const credits =
          cost > 0
            ? await spend(trx, memberId, cost, 'message', String(row.id))
            : (await trx.selectFrom('members').select('credits').where('id', '=', memberId).executeTakeFirstOrThrow())
                .credits;

        await trx
          .updateTable('conversation_members')
          .set((eb) => ({ num_unread: eb('num_unread', '+', 1), removed: 0, updated_at: now }))
          .where('conversation_id', '=', conversationId)
          .where('member_id', '=', side.otherId)
          .execute();
        await trx
          .updateTable('conversation_members')
          .set({ removed: 0, updated_at: now })
          .where('conversation_id', '=', conversationId)
          .where('member_id', '=', memberId)
          .execute();
        await trx.updateTable('conversations').set({ last_message_at: now }).where('id', '=', conversationId).execute();
        return {
          message: chatMessageOf(row),
          credits,
          recipient: { id: side.otherId, fictional: side.otherFictional },
        };
      });
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
