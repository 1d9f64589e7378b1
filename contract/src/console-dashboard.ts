import { z } from 'zod';
import { MODERATION_CATEGORIES } from './complaints.js';
import { VALIDATION } from './validation.js';

/** The numbers the operator runs the business on, per site and day (issue 18). */
export const CONSOLE_DASHBOARD_PATH = '/api/console/dashboard';

/** The longest span one dashboard shows: a quarter, day by day. */
export const DASHBOARD_MAX_DAYS = 92;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION.outOfRange);

/** GET /api/console/dashboard?site_id=…&from=YYYY-MM-DD&to=YYYY-MM-DD: days in UTC, both ends included. */
export const DashboardQuerySchema = z
  .object({ site_id: z.coerce.number<string>().int().positive(), from: day, to: day })
  .refine(({ from, to }) => from <= to && daysBetween(from, to) < DASHBOARD_MAX_DAYS, {
    path: ['to'],
    error: VALIDATION.outOfRange,
  });
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/** Money per currency, in minor units: a site may sell in more than one. */
const moneyByCurrency = z.record(z.string(), z.number().int());

const counts = {
  visits: z.number().int(),
  signups: z.number().int(),
  confirmations: z.number().int(),
  first_purchases: z.number().int(),
};

export const DashboardDaySchema = z.object({
  day: z.string(),
  ...counts,
  /** Paid orders, net of VAT. */
  revenue_net: moneyByCurrency,
  /** Refunds and chargebacks received that day, net of VAT. */
  refunds_net: moneyByCurrency,
  member_messages: z.number().int(),
  operator_answers: z.number().int(),
  /** Of the answers that day, how long the member had waited, the median; null without any. */
  median_answer_seconds: z.number().int().nullable(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** One lander and traffic source (network); null where a sign-up came from neither. */
export const DashboardSourceSchema = z.object({
  lander: z.string().nullable(),
  network: z.string().nullable(),
  ...counts,
});
export type DashboardSource = z.infer<typeof DashboardSourceSchema>;

export const DashboardResponseSchema = z.object({
  site_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.array(DashboardDaySchema),
  sources: z.array(DashboardSourceSchema),
  /** Open now, whatever the dates: what waits for a moderator and since when. */
  open_reports: z.object({
    count: z.number().int(),
    oldest_at: z.number().int().nullable(),
    by_category: z.array(z.object({ category: z.enum(MODERATION_CATEGORIES).nullable(), count: z.number().int() })),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

const DAY_MS = 86_400_000;

/** Whole days from one UTC date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every UTC date from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, index) =>
    new Date(start + index * DAY_MS).toISOString().slice(0, 10),
  );
}
