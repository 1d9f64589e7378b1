import type { ChatMessage } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { isBlockedEitherWay } from '../db/blocks.js';
import type { Db } from '../db/database.js';
import { isGone, UNCONFIRMED_STATUS, type Database } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { spend } from '../ledger/credit-ledger.js';
import type { Notifier } from '../notifier/notifier.js';
import type { EventBus } from '../realtime/event-bus.js';

/**
 * The one way a chat message is sent (docs/decisions/003): by a member from the chat screen, and
 * by an operator writing as a fictional profile from the console. `storeMessage` stores and pays
 * in the caller's transaction; `deliverMessage` tells everyone after the commit.
 */

export const conversationNotFound = () => notFound('This conversation does not exist.');

export interface OutgoingMessage {
  conversationId: number;
  senderId: number;
  body: string;
  /** What the sender pays; nothing on a free site, and a persona never pays. */
  cost: number;
  /** The operator who wrote a persona's message (never shown to members). */
  writtenByStaffId?: number;
  /** The sender device's UUID for this message: stored with it, unique per sender (decision 019). */
  clientKey?: string;
}

interface Party {
  id: number;
  fictional: boolean;
  /** The member's language: a persona's is the language its conversations are answered in. */
  language: string;
}

export interface StoredMessage {
  message: ChatMessage;
  siteId: number;
  sender: Party;
  recipient: Party;
  /** The sender's balance after paying. */
  credits: number;
  /**
   * When a persona's message answered the member: since when the member had waited (their
   * oldest unanswered message). Null for a member's message, or a persona writing unasked.
   */
  answeredWaitingSince: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The sender's side of the conversation with both members; a conversation with an unconfirmed member does not exist yet. */
function partiesOf(trx: Db, senderId: number, conversationId: number) {
  return trx
    .selectFrom('conversation_members as mine')
    .innerJoin('conversations as c', 'c.id', 'mine.conversation_id')
    .innerJoin('members as sender', 'sender.id', 'mine.member_id')
    .innerJoin('members as other', 'other.id', 'mine.other_id')
    .select([
      'c.site_id',
      'sender.fictional as sender_fictional',
      'sender.status as sender_status',
      'sender.language as sender_language',
      'other.id as other_id',
      'other.fictional as other_fictional',
      'other.language as other_language',
      'other.status as other_status',
    ])
    .where('mine.member_id', '=', senderId)
    .where('mine.conversation_id', '=', conversationId)
    .where('other.status', '!=', UNCONFIRMED_STATUS)
    .executeTakeFirst();
}

/**
 * Stores a message and takes its price in the caller's transaction: a refused payment stores
 * nothing, and a message to someone deleted, banned or blocked in the meantime is neither stored
 * nor paid. The recipient's unread count goes up and the conversation comes back on both lists.
 * A message to a persona waits for an operator (`awaiting_operator`); a persona's message answers
 * everything the member was waiting for.
 */
export async function storeMessage(trx: Transaction<Database>, outgoing: OutgoingMessage): Promise<StoredMessage> {
  const { conversationId, senderId, body, cost } = outgoing;
  const parties = await partiesOf(trx, senderId, conversationId);
  if (!parties) throw conversationNotFound();
  // The conversation stays readable, but nothing more reaches a member who is gone, nor is
  // written as one: an operator's reply as a persona retired meanwhile (decision 012).
  if (isGone(parties.other_status) || isGone(parties.sender_status)) {
    throw new AppError(403, 'member_unavailable', 'This member is no longer available.');
  }
  if (await isBlockedEitherWay(trx, senderId, parties.other_id)) {
    throw new AppError(403, 'blocked', 'You cannot write to this member.');
  }
  const sender: Party = { id: senderId, fictional: parties.sender_fictional === 1, language: parties.sender_language };
  const recipient: Party = {
    id: parties.other_id,
    fictional: parties.other_fictional === 1,
    language: parties.other_language,
  };

  const now = Date.now();
  const answeredWaitingSince = sender.fictional ? await answerWaiting(trx, conversationId) : null;
  const row = await trx
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender_id: senderId,
      body,
      credits: cost,
      // Fictional profiles are answered by an operator, never automatically.
      awaiting_operator: recipient.fictional ? 1 : 0,
      created_at: now,
      written_by_staff_id: outgoing.writtenByStaffId ?? null,
      client_key: outgoing.clientKey ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const credits =
    cost > 0
      ? await spend(trx, senderId, cost, 'message', String(row.id))
      : (await trx.selectFrom('members').select('credits').where('id', '=', senderId).executeTakeFirstOrThrow())
          .credits;

  // Both sides in one statement: two messages crossing in one conversation lock its two rows in
  // the same order, where a statement per side would lock them in opposite orders and deadlock.
  await trx
    .updateTable('conversation_members')
    .set((eb) => ({
      num_unread: eb
        .case()
        .when('member_id', '=', recipient.id)
        .then(eb('num_unread', '+', 1))
        .else(eb.ref('num_unread'))
        .end(),
      removed: 0,
      updated_at: now,
    }))
    .where('conversation_id', '=', conversationId)
    .where('member_id', 'in', [recipient.id, senderId])
    .execute();
  await trx.updateTable('conversations').set({ last_message_at: now }).where('id', '=', conversationId).execute();
  return {
    message: { id: row.id, conversation: conversationId, from: senderId, body, created_at: iso(row.created_at) },
    siteId: parties.site_id,
    sender,
    recipient,
    credits,
    answeredWaitingSince,
  };
}

/**
 * The message a sender already stored under this client key, with their balance now and who it
 * went to: what a repeated send answers, charging nothing (decision 019). Null when the key is new.
 */
export async function findSentMessage(
  db: Db,
  senderId: number,
  clientKey: string,
): Promise<{ message: ChatMessage; credits: number; recipientId: number } | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('members', 'members.id', 'messages.sender_id')
    .innerJoin('conversation_members as mine', (join) =>
      join
        .onRef('mine.conversation_id', '=', 'messages.conversation_id')
        .onRef('mine.member_id', '=', 'messages.sender_id'),
    )
    .select([
      'messages.id',
      'messages.conversation_id',
      'messages.body',
      'messages.created_at',
      'members.credits',
      'mine.other_id',
    ])
    .where('messages.sender_id', '=', senderId)
    .where('messages.client_key', '=', clientKey)
    .executeTakeFirst();
  if (!row) return null;
  return {
    message: {
      id: row.id,
      conversation: row.conversation_id,
      from: senderId,
      body: row.body,
      created_at: iso(Number(row.created_at)),
    },
    credits: row.credits,
    recipientId: row.other_id,
  };
}

/** Marks what the member waited for as answered; returns since when they waited, if they did. */
async function answerWaiting(trx: Db, conversationId: number): Promise<number | null> {
  const waiting = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.min('created_at').as('since'))
    .where('conversation_id', '=', conversationId)
    .where('awaiting_operator', '=', 1)
    .executeTakeFirst();
  if (waiting?.since === null || waiting?.since === undefined) return null;
  await trx
    .updateTable('messages')
    .set({ awaiting_operator: 0 })
    .where('conversation_id', '=', conversationId)
    .where('awaiting_operator', '=', 1)
    .execute();
  return Number(waiting.since);
}

export interface MessageDelivery {
  /**
   * After the commit: the message to both members' open tabs, a notification (and push) for a
   * person, the console's queue for a persona. The message is stored and paid, so a failure here
   * is logged, never returned: the sender must not send it again.
   */
  deliver(stored: StoredMessage, log?: FastifyBaseLogger): Promise<void>;
  /**
   * A repeated send's message to both members' open tabs again, and nothing else: the first
   * send's node may have died between its commit and its publish (a stream drops an id it has
   * carried already, so a tab sees it once either way). Notifications went out the first time.
   */
  republish(message: ChatMessage, memberIds: readonly number[], log?: FastifyBaseLogger): Promise<void>;
}

export function createMessageDelivery(deps: {
  events: EventBus;
  notifier: Notifier;
  log: FastifyBaseLogger;
}): MessageDelivery {
  const { events, notifier } = deps;
  return {
    async deliver(stored, log = deps.log) {
      const { message, sender, recipient } = stored;
      try {
        const event = { type: 'message' as const, message };
        await Promise.all([events.publish(sender.id, event), events.publish(recipient.id, event)]);
        if (recipient.fictional) {
          // A fictional profile is no person to tell; the operators' queue is told instead.
          await events.publishStaff({
            type: 'waiting',
            conversation: message.conversation,
            site_id: stored.siteId,
            language: recipient.language,
            message: { id: message.id, created_at: message.created_at },
          });
        } else {
          await notifier.notify(recipient.id, {
            kind: 'message',
            actorId: sender.id,
            conversationId: message.conversation,
          });
        }
      } catch (error) {
        log.error({ err: error, messageId: message.id }, 'message stored but not delivered live');
      }
    },
    async republish(message, memberIds, log = deps.log) {
      const event = { type: 'message' as const, message, repeat: true as const };
      await Promise.all(memberIds.map((memberId) => events.publish(memberId, event))).catch((error: unknown) =>
        log.error({ err: error, messageId: message.id }, 'repeated message not published again'),
      );
    },
  };
}
