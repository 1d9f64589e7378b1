import { z } from 'zod';
import { RESELL_PARTNER_FLOWS } from './ads.js';
import { MAX_AGE, MIN_AGE } from './search-filters.js';
import { GenderSchema } from './user.js';
import { VALIDATION } from './validation.js';

/**
 * A partner's cam account. It starts with a letter so that, as a key of the `cams` map, it keeps the
 * feed's order (JavaScript puts integer-like keys first), and it is safe in a URL path or query.
 */
export const CAM_ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const CamAccountSchema = z.string().regex(CAM_ACCOUNT_PATTERN, VALIDATION.choice);

/** One performer of the webcam partner, as a webcam ad shows it. */
export const CamItemSchema = z.object({
  account: CamAccountSchema,
  name: z.string(),
  age: z.number().int(),
  gender: GenderSchema,
  /** ISO 3166-1 alpha-2, when the partner tells. */
  country: z.string().nullable(),
  /** An https URL on an allowed image origin, or a data: URL for the built-in demo performers. */
  thumbnail_url: z.string(),
  online: z.boolean(),
});
export type CamItem = z.infer<typeof CamItemSchema>;

const age = z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).min(MIN_AGE, VALIDATION.choice);

/** GET /api/xcams/search.php (spec §7): the search page's own gender and age filters. */
export const CamsSearchQuerySchema = z
  .object({
    gender: GenderSchema.optional(),
    min_age: age.max(MAX_AGE, VALIDATION.choice).optional(),
    max_age: age.max(MAX_AGE, VALIDATION.choice).optional(),
  })
  .refine((query) => query.min_age === undefined || query.max_age === undefined || query.min_age <= query.max_age, {
    path: ['max_age'],
    message: VALIDATION.choice,
  });
export type CamsSearchQuery = z.input<typeof CamsSearchQuerySchema>;

/** Spec §3 "Webcam search response": items keyed by account, in the partner's order (online first). */
export const CamsSearchResponseSchema = z.object({
  cams: z.record(z.string(), CamItemSchema),
});
export type CamsSearchResponse = z.infer<typeof CamsSearchResponseSchema>;

/** GET /api/xcams/redirect.php?account= : answered with a 302 to the partner. */
export const CamsRedirectQuerySchema = z.object({ account: CamAccountSchema });

/** GET /api/resellpartner.php?flow=profile-search&redirect=1 : a 302, or `{ url }` without redirect=1. */
export const ResellPartnerQuerySchema = z.object({
  flow: z.enum(RESELL_PARTNER_FLOWS, VALIDATION.choice),
  redirect: z
    .enum(['0', '1'], VALIDATION.choice)
    .transform((value) => value === '1')
    .optional(),
});
export type ResellPartnerQuery = z.input<typeof ResellPartnerQuerySchema>;

export const ResellPartnerLinkSchema = z.object({ url: z.string() });
export type ResellPartnerLink = z.infer<typeof ResellPartnerLinkSchema>;
