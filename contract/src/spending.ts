import { z } from 'zod';
import { VALIDATION } from './validation.js';

/**
 * Spending care (issue 16): a monthly limit the member sets on what they pay for credits.
 *
 * | call (path in payments-paths.ts) | takes                        | answers                  |
 * |----------------------------------|------------------------------|--------------------------|
 * | GET /api/spending.php            |                              | {@link SpendingResponse} |
 * | PUT /api/spending.php            | {@link SpendingLimitRequest} | {@link SpendingResponse} |
 *
 * The month is the UTC calendar month. The limit is in one currency, the member's payment
 * currency when they set it: amounts are never converted, so while a limit is set an order in
 * another currency does not fit it. Lowering the limit counts at once; raising or removing it
 * counts after {@link SPENDING_RAISE_DELAY_MS}, so a decision made in the moment can wait a day.
 */

export const SPENDING_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The highest monthly limit in minor units (10 000.00): above it a limit would limit nothing. */
export const SPENDING_LIMIT_MAX = 1_000_000;

/** PUT: the new limit in minor units of the member's payment currency; null removes it. */
export const SpendingLimitRequestSchema = z.object({
  limit: z
    .number(VALIDATION.outOfRange)
    .int(VALIDATION.outOfRange)
    .min(0, VALIDATION.outOfRange)
    .max(SPENDING_LIMIT_MAX, VALIDATION.outOfRange)
    .nullable(),
});
export type SpendingLimitRequest = z.input<typeof SpendingLimitRequestSchema>;

export const SpendingResponseSchema = z.object({
  /** Every amount below is in minor units of this currency. */
  currency: z.string().length(3),
  /** Null: no limit. */
  limit: z.number().int().nullable(),
  /** Paid this month (refunded and charged-back payments not counted). */
  spent: z.number().int(),
  /** Orders waiting on a provider: they hold their amount until they are paid or given up. */
  reserved: z.number().int(),
  /** What still fits this month; null without a limit. */
  remaining: z.number().int().nullable(),
  month_start: z.string(),
  /** Exclusive: the first moment of the next month. */
  month_end: z.string(),
  /** A raise or removal waiting for its cooling-off period. */
  pending: z.object({ limit: z.number().int().nullable(), effective_at: z.string() }).nullable(),
});
export type SpendingResponse = z.infer<typeof SpendingResponseSchema>;
