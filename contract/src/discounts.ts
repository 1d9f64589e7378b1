import { z } from 'zod';
import { VALIDATION } from './validation.js';

/**
 * Discount codes (issue 16; spec §3 "A welcome discount code and a time bonus exist", §7). A code
 * is per site, limited in time and uses; a `percent` code lowers the price, a `bonus` code adds
 * credits. GET /api/discountcode.php (payments-paths.ts) answers {@link DiscountCode} for:
 *
 * - `?welcome=true`: the member's welcome code, valid {@link WELCOME_CODE_HOURS} hours from sign-up;
 *   404 when none applies (the web then shows nothing, spec §8).
 * - `?delete=true`: the site's `delete_discount` as a personal code for a member about to leave,
 *   valid {@link DELETE_CODE_HOURS} hours; 404 when the site offers none.
 * - `?code=…`: that code checked for this member; 400 with `fields.code` when it cannot be used.
 */

export const WELCOME_CODE_HOURS = 48;
export const DELETE_CODE_HOURS = 24;

export const DISCOUNT_KINDS = ['percent', 'bonus'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_PURPOSES = ['welcome', 'delete', 'campaign'] as const;
export type DiscountPurpose = (typeof DISCOUNT_PURPOSES)[number];

export const DISCOUNT_CODE_MAX = 32;

/** Why a code cannot be used, as catalogue keys shown next to the field. */
export const DISCOUNT_CODE_ERRORS = {
  unknown: 'discounts.code_unknown',
  expired: 'discounts.code_expired',
  usedUp: 'discounts.code_used_up',
  alreadyUsed: 'discounts.code_already_used',
} as const;

/** A code as a member types it: letters, digits and dashes, in any case. */
export const DiscountCodeInputSchema = z
  .string(VALIDATION.required)
  .trim()
  .min(1, VALIDATION.required)
  .max(DISCOUNT_CODE_MAX, DISCOUNT_CODE_ERRORS.unknown)
  .regex(/^[A-Za-z0-9-]+$/, DISCOUNT_CODE_ERRORS.unknown);

export const DiscountCodeQuerySchema = z.object({
  welcome: z.literal('true').optional(),
  delete: z.literal('true').optional(),
  code: DiscountCodeInputSchema.optional(),
});
export type DiscountCodeQuery = z.input<typeof DiscountCodeQuerySchema>;

export const DiscountCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Percent off the price (`percent`) or percent more credits (`bonus`). */
  value: z.number().int(),
  purpose: z.enum(DISCOUNT_PURPOSES),
  /** When it ends (server time, ISO); null for a code without an end. */
  valid_until: z.string().nullable(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;
