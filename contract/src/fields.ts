import { MAX_AGE, MIN_AGE } from './search-filters.js';
import { VALIDATION } from './validation.js';

/*
 * What members type and choose, with the limits and checks of spec §5 and §9. Free of zod, so the
 * pages that show these fields load none before they paint; the schemas build on what is here.
 */

export const NAME_MAX = 150;
export const CITY_MAX = 255;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
/** Longest about-me text (visible_profile_notes) a member may save. */
export const NOTE_MAX = 2000;
/** Longest message a member may send, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;

export const GENDERS = ['male', 'female'] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A real calendar date (no 00 parts) of someone at least MIN_AGE and at most MAX_AGE old. */
export function isValidDateOfBirth(value: string, today = new Date(), minAge = MIN_AGE): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const age =
    today.getUTCFullYear() -
    year -
    (today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day) ? 1 : 0);
  return age >= minAge && age <= MAX_AGE;
}

/** The name rules of spec §5; an empty name defaults to the e-mail's local part. */
export function nameProblem(name: string, email: string): string | null {
  if (name.length < 1) return VALIDATION.nameMin;
  if (name.length > NAME_MAX) return VALIDATION.tooLong;
  if (name.startsWith('@')) return VALIDATION.nameStartsWithAt;
  if (name.toLowerCase() === email.trim().toLowerCase()) return VALIDATION.nameEqualToEmail;
  return null;
}

export function defaultName(email: string): string {
  return email.split('@')[0]?.slice(0, NAME_MAX) ?? '';
}
