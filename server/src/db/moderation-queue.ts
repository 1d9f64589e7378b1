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
 * reports and the complaint form both come through here, so every item gets a reference the same way.
 */
export async function addToModerationQueue(db: Db, item: NewModerationItem): Promise<string> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = newModerationReference();
    const stored = await db
      .insertInto('moderation_items')
      .values({ ...item, reference, created_at: Date.now() })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (stored) return reference;
  }
  throw new Error(`No free moderation reference after ${REFERENCE_ATTEMPTS} attempts`);
}
