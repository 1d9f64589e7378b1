import { MODERATION_MESSAGES_SHOWN } from '@rendezvous/contract';
import type { Insertable } from 'kysely';
import { randomInt } from 'node:crypto';
import type { Db } from './database.js';
import type { ModerationItemsTable } from './schema.js';

/** Digits and capitals without 0/O and 1/I/L, as COMPLAINT_REFERENCE_PATTERN in the contract expects. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

/**
 * A reference a person can read out over the phone or type from a letter. 31^8 (about 10^12)
 * possibilities: a clash is rare enough that the unique index and one more try settle it.
 */
export function newModerationReference(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `RV-${code}`;
}

export type NewModerationItem = Omit<Insertable<ModerationItemsTable>, 'reference' | 'status' | 'created_at'>;

const REFERENCE_ATTEMPTS = 3;

/**
 * Puts an item in the one moderation queue (docs/decisions/008) and answers its reference. In-app
 * reports, the complaint form and the message rules all come through here, so every item gets a
 * reference the same way, and an item about a conversation keeps a copy of its latest messages,
 * taken in the same transaction: the evidence is what was there when the item was filed.
 */
export async function addToModerationQueue(db: Db, item: NewModerationItem): Promise<string> {
  const file = async (trx: Db) => {
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
      const reference = newModerationReference();
      const stored = await trx
        .insertInto('moderation_items')
        .values({ ...item, reference, created_at: Date.now() })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!stored) continue;
      if (item.conversation_id != null) await keepConversation(trx, stored.id, item.conversation_id);
      return reference;
    }
    throw new Error(`No free moderation reference after ${REFERENCE_ATTEMPTS} attempts`);
  };
  return db.isTransaction ? file(db) : db.transaction().execute(file);
}

/** The conversation's latest messages a moderator is shown, newest first, with their senders' names. */
export const latestMessages = (db: Db, conversationId: number) =>
  db
    .selectFrom('messages as m')
    .innerJoin('members as sender', 'sender.id', 'm.sender_id')
    .select(['m.id', 'm.sender_id', 'sender.name', 'm.body', 'm.created_at'])
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.id', 'desc')
    .limit(MODERATION_MESSAGES_SHOWN)
    .execute();

async function keepConversation(trx: Db, itemId: number, conversationId: number): Promise<void> {
  const latest = await latestMessages(trx, conversationId);
  if (latest.length === 0) return;
  await trx
    .insertInto('moderation_evidence')
    .values(
      latest.map((message) => ({
        item_id: itemId,
        message_id: message.id,
        sender_id: message.sender_id,
        sender_name: message.name,
        body: message.body,
        sent_at: message.created_at,
      })),
    )
    .execute();
}
