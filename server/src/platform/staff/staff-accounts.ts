import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { StaffRole } from '@rendezvous/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

// No 0/O or 1/l/I: the password is read off a screen and typed by someone else.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const PASSWORD_GROUPS = 4;
const PASSWORD_GROUP_LENGTH = 5;

/**
 * A password for an admin to hand over (20 letters of 31, about 99 bits): staff never choose a
 * weak one, and the second factor stays theirs alone.
 */
export function generateStaffPassword(): string {
  return Array.from({ length: PASSWORD_GROUPS }, () =>
    Array.from({ length: PASSWORD_GROUP_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(
      '',
    ),
  ).join('-');
}

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase();

export interface NewStaffAccount {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  sites: readonly number[];
  languages: readonly string[];
  capacity: number;
  /** A sealed secret, already enrolled (demo accounts); otherwise enrolment waits for the first login. */
  sealedTotpSecret?: string;
}

/** Writes one staff account with its sites and languages; the caller's transaction records who did it. */
export async function insertStaffAccount(db: Db | Transaction<Database>, account: NewStaffAccount): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('staff')
    .values({
      email: account.email.trim(),
      email_normalized: normalizeStaffEmail(account.email),
      name: account.name,
      password_hash: await hash(account.password),
      role: account.role,
      totp_secret: account.sealedTotpSecret ?? null,
      totp_enrolled_at: account.sealedTotpSecret ? now : null,
      capacity: account.capacity,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceStaffAssignments(db, row.id, account);
  return row.id;
}

/** Sets an account's sites and languages to exactly these. */
export async function replaceStaffAssignments(
  db: Db | Transaction<Database>,
  staffId: number,
  assignments: { sites: readonly number[]; languages: readonly string[] },
): Promise<void> {
  await db.deleteFrom('staff_sites').where('staff_id', '=', staffId).execute();
  await db.deleteFrom('staff_languages').where('staff_id', '=', staffId).execute();
  const sites = [...new Set(assignments.sites)];
  const languages = [...new Set(assignments.languages)];
  if (sites.length > 0) {
    await db
      .insertInto('staff_sites')
      .values(sites.map((siteId) => ({ staff_id: staffId, site_id: siteId })))
      .execute();
  }
  if (languages.length > 0) {
    await db
      .insertInto('staff_languages')
      .values(languages.map((language) => ({ staff_id: staffId, language })))
      .execute();
  }
}

export async function findStaffIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('email_normalized', '=', normalizeStaffEmail(email))
    .executeTakeFirst();
  return row?.id;
}
