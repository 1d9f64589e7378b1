import { z } from 'zod';
import { LANDER_NAMES, NICHES, type Niche } from './lander-slug.js';
import {
  LANDER_PROFILES_MAX,
  LANDER_SLUG_MAX_LENGTH,
  LANDER_SLUG_PATTERN,
  normalizeLanderSlug,
} from './lander-paths.js';
import { LocaleSchema } from './settings.js';
import { TRAFFIC_SOURCE_MAX_LENGTH } from './tracking.js';
import { VALIDATION } from './validation.js';

const nicheQuery = z.coerce
  .number<string>(VALIDATION.choice)
  .int(VALIDATION.choice)
  .refine((value): value is Niche => (NICHES as readonly number[]).includes(value), VALIDATION.choice);

export const LanderProfilesQuerySchema = z.object({
  /** The slug's niche; without it, the site's own. */
  niche: nicheQuery.optional(),
  /** Profiles speaking this language come first. */
  locale: LocaleSchema.optional(),
  /** Only profiles from this country (one of the site's), e.g. the visitor's for the map lander. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, VALIDATION.country)
    .optional(),
  limit: z.coerce
    .number<string>(VALIDATION.choice)
    .int(VALIDATION.choice)
    .min(1, VALIDATION.choice)
    .max(LANDER_PROFILES_MAX, VALIDATION.choice)
    .default(12),
});
export type LanderProfilesQuery = z.input<typeof LanderProfilesQuerySchema>;

/** A showcase card: always a fictional profile with a photo, so only what a lander draws. */
export const LanderProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  thumb_filename: z.string(),
});
export type LanderProfile = z.infer<typeof LanderProfileSchema>;

export const LanderProfilesResponseSchema = z.object({ profiles: z.array(LanderProfileSchema) });
export type LanderProfilesResponse = z.infer<typeof LanderProfilesResponseSchema>;

export const LanderVisitRequestSchema = z.strictObject({
  lander: z.enum(LANDER_NAMES, { error: VALIDATION.choice }),
  slug: z
    .string({ error: VALIDATION.required })
    .transform(normalizeLanderSlug)
    .pipe(
      z
        .string()
        .min(1, VALIDATION.required)
        .max(LANDER_SLUG_MAX_LENGTH, VALIDATION.tooLong)
        .regex(LANDER_SLUG_PATTERN, VALIDATION.choice),
    ),
  /** The stored traffic source's network (spec §9), if the visitor came through one. */
  network: z.string().trim().max(TRAFFIC_SOURCE_MAX_LENGTH.network, VALIDATION.tooLong).nullish(),
});
export type LanderVisitRequest = z.input<typeof LanderVisitRequestSchema>;
