import { WITHDRAWAL_DAYS, type PremiumSetting } from '@rendezvous/contract';
import { DAY_MS } from '../../lib/time.js';

/**
 * The arithmetic of premium terms (issue 16), apart from any storage so that it can be read and
 * tested on its own: calendar months, the withdrawal period and its refund, and what premium
 * takes off a message.
 */

/**
 * `months` calendar months after `from` (UTC), ending on the same day of the month or, when the
 * month is shorter, its last day: a term bought on 31 January runs to 28 or 29 February.
 */
export function addMonths(from: number, months: number): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The last moment of the withdrawal period of a contract concluded at `concludedAt`. */
export const withdrawalUntil = (concludedAt: number) => concludedAt + WITHDRAWAL_DAYS * DAY_MS;

/**
 * What a withdrawal gives back of a term the member asked to start at once: the price less the
 * part for the time used (EU 2011/83 art. 14(3)), rounded in the member's favour to whole cents.
 */
export function withdrawalRefund(paid: number, termStart: number, termEnd: number, now: number): number {
  const term = termEnd - termStart;
  if (term <= 0) return 0;
  const used = Math.min(Math.max(now - termStart, 0), term);
  return paid - Math.floor((paid * used) / term);
}

/**
 * The credits a message costs this member: premium's discount, rounded up so that a discount
 * never makes a paid message free.
 */
export function messageCreditsFor(
  site: { message_credits: number; premium?: PremiumSetting | undefined },
  premium: boolean,
): number {
  const credits = site.message_credits;
  const percent = premium ? (site.premium?.benefits.message_discount_percent ?? 0) : 0;
  if (percent === 0 || credits === 0) return credits;
  return Math.max(1, Math.ceil((credits * (100 - percent)) / 100));
}

/** Whether premium's benefits apply to a member now. */
export const isPremium = (member: { premium_until: number | null }, now: number) =>
  member.premium_until !== null && member.premium_until > now;

/** Spec §3 `paid_user`: premium now, or marked paid by the operator. */
export const isPaidUser = (member: { paid_user: number; premium_until: number | null }, now: number) =>
  member.paid_user === 1 || isPremium(member, now);
