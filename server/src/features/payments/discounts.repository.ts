import { randomBytes } from 'node:crypto';
import {
  DELETE_CODE_HOURS,
  DISCOUNT_CODE_ERRORS,
  WELCOME_CODE_HOURS,
  type AppliedDiscount,
  type DiscountCode,
  type Money,
} from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { DiscountCodeRow, OrderRow } from '../../db/schema.js';
import { HOUR_MS } from '../../lib/time.js';

const WELCOME_CODE_MS = WELCOME_CODE_HOURS * HOUR_MS;
const DELETE_CODE_MS = DELETE_CODE_HOURS * HOUR_MS;

/** Why a code cannot be used: a catalogue key for the field. */
export type DiscountRefusal = (typeof DISCOUNT_CODE_ERRORS)[keyof typeof DISCOUNT_CODE_ERRORS];

export type DiscountCheck = { ok: true; code: DiscountCodeRow } | { ok: false; reason: DiscountRefusal };

/** A code as the member's calls describe it. */
export function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    purpose: row.purpose,
    valid_until: row.valid_until === null ? null : new Date(row.valid_until).toISOString(),
  };
}

/**
 * What a code does to one purchase: a percentage off the price (rounded to the minor unit, before
 * the VAT split) or a percentage more credits (rounded down, so the bonus shown is never more than
 * what arrives).
 */
export function applyDiscount(code: Pick<DiscountCodeRow, 'code' | 'kind' | 'value'>, price: Money, credits: number) {
  const amountOff = code.kind === 'percent' ? Math.round((price.amount * code.value) / 100) : 0;
  const bonusCredits = code.kind === 'bonus' ? Math.floor((credits * code.value) / 100) : 0;
  return {
    code: code.code,
    kind: code.kind,
    value: code.value,
    amount_off: { amount: amountOff, currency: price.currency },
    bonus_credits: bonusCredits,
    total: { amount: price.amount - amountOff, currency: price.currency },
  } satisfies AppliedDiscount;
}

/** A personal code nobody could guess: the offer's name and ten random characters. */
const personalCode = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Discount codes of a site as members use them; orders redeem them through `recordRedemption`. */
export function createDiscountsRepository(db: Db) {
  /** The member's own unexpired, unused code for an offer, if one was issued. */
  async function personalOffer(memberId: number, purpose: 'welcome' | 'delete', now: number) {
    return db
      .selectFrom('discount_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('purpose', '=', purpose)
      .where('valid_until', '>', now)
      .where((eb) => eb('max_uses', 'is', null).or('uses', '<', eb.ref('max_uses')))
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async function issue(code: Omit<DiscountCodeRow, 'id' | 'uses' | 'created_at'>, now: number) {
    return db
      .insertInto('discount_codes')
      .values({ ...code, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return {
    /**
     * The member's welcome code: the site's welcome offer (a code with purpose `welcome` and no
     * member) as a personal code that ends {@link WELCOME_CODE_HOURS} hours after sign-up, issued
     * on first asking. Null when the member is past that, has used it, or the site has no offer.
     */
    async welcomeFor(siteId: number, member: { id: number; signup_at: number }, now = Date.now()) {
      const endsAt = member.signup_at + WELCOME_CODE_MS;
      if (now >= endsAt) return null;
      const issued = await db
        .selectFrom('discount_codes')
        .selectAll()
        .where('member_id', '=', member.id)
        .where('purpose', '=', 'welcome')
        .executeTakeFirst();
      if (issued) return issued.max_uses !== null && issued.uses >= issued.max_uses ? null : issued;
      const offer = await db
        .selectFrom('discount_codes')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('purpose', '=', 'welcome')
        .where('member_id', 'is', null)
        .where('valid_from', '<=', now)
        .where((eb) => eb('valid_until', 'is', null).or('valid_until', '>', now))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!offer) return null;
      return issue(
        {
          site_id: siteId,
          code: personalCode('WELCOME'),
          kind: offer.kind,
          value: offer.value,
          max_uses: 1,
          valid_from: member.signup_at,
          valid_until: endsAt,
          per_member_once: 1,
          purpose: 'welcome',
          member_id: member.id,
        },
        now,
      );
    },

    /** The site's `delete_discount` as the member's own code for {@link DELETE_CODE_HOURS} hours; null at 0 %. */
    async deleteOfferFor(siteId: number, memberId: number, percent: number, now = Date.now()) {
      if (percent <= 0) return null;
      const open = await personalOffer(memberId, 'delete', now);
      if (open) return open;
      return issue(
        {
          site_id: siteId,
          code: personalCode('STAY'),
          kind: 'percent',
          value: percent,
          max_uses: 1,
          valid_from: now,
          valid_until: now + DELETE_CODE_MS,
          per_member_once: 1,
          purpose: 'delete',
          member_id: memberId,
        },
        now,
      );
    },

    /**
     * Whether the member may use a code now. Another member's personal code and the site's welcome
     * offer itself (which only issues personal codes) are as unknown as a code that does not exist.
     */
    async check(siteId: number, memberId: number, typed: string, now = Date.now()): Promise<DiscountCheck> {
      const code = await db
        .selectFrom('discount_codes')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('code', '=', typed.toUpperCase())
        .executeTakeFirst();
      const unknown =
        !code ||
        (code.member_id !== null && code.member_id !== memberId) ||
        (code.member_id === null && code.purpose === 'welcome');
      if (unknown) return { ok: false, reason: DISCOUNT_CODE_ERRORS.unknown };
      if (now < code.valid_from || (code.valid_until !== null && now >= code.valid_until)) {
        return { ok: false, reason: DISCOUNT_CODE_ERRORS.expired };
      }
      if (code.max_uses !== null && code.uses >= code.max_uses)
        return { ok: false, reason: DISCOUNT_CODE_ERRORS.usedUp };
      if (code.per_member_once) {
        const used = await db
          .selectFrom('discount_redemptions')
          .select('order_id')
          .where('code_id', '=', code.id)
          .where('member_id', '=', memberId)
          .executeTakeFirst();
        if (used) return { ok: false, reason: DISCOUNT_CODE_ERRORS.alreadyUsed };
      }
      return { ok: true, code };
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;

/**
 * Counts a paid order's code, inside the transaction that marks it paid. The use is counted only
 * while the code has uses left and, for a once-per-member code, only the member's first: the
 * conditional update and the unique redemption decide under any concurrency. An order made while
 * the code was usable keeps its price and bonus even when the code ran out before it was paid:
 * the member was shown that price and has paid it. Returns whether a use was counted.
 */
export async function recordRedemption(trx: Db, order: OrderRow, now: number): Promise<boolean> {
  if (order.discount_code_id === null) return false;
  const code = await trx
    .selectFrom('discount_codes')
    .select('per_member_once')
    .where('id', '=', order.discount_code_id)
    .executeTakeFirst();
  if (!code) return false;
  const inserted = await trx
    .insertInto('discount_redemptions')
    .values({
      code_id: order.discount_code_id,
      member_id: order.member_id,
      order_id: order.id,
      once_member_id: code.per_member_once ? order.member_id : null,
      redeemed_at: now,
    })
    .onConflict((conflict) => conflict.columns(['code_id', 'once_member_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const counted = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', order.discount_code_id)
    .where((eb) => eb('max_uses', 'is', null).or('uses', '<', eb.ref('max_uses')))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) > 0) return true;
  await trx.deleteFrom('discount_redemptions').where('order_id', '=', order.id).execute();
  return false;
}
