import { z } from 'zod';
import { MAX_AGE, MIN_AGE } from './search-filters.js';
import { GenderSchema } from './user.js';
import { VALIDATION } from './validation.js';

const flag = z.enum(['0', '1']).transform((value) => value === '1');
const age = z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).min(MIN_AGE, VALIDATION.choice);

/**
 * GET /api/search.php (spec §7). The first load sends auto_load with whatever it knows;
 * a manual search sends every filter and manual_search=1; a similar search adds do_not_save=1.
 */
export const SearchQuerySchema = z
  .object({
    auto_load: flag.optional(),
    manual_search: flag.optional(),
    do_not_save: flag.optional(),
    source: z.string().max(50).optional(),
    /** The page a first load restores (e.g. after going back from a profile). */
    pp: z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).min(1).max(1000).optional(),
    /** Accepted for the spec's clients; our photos carry no nudity marks, so every photo is already safe. */
    hideNudity: flag.optional(),
    searchAllCountries: flag.optional(),
    trafficsource: z.string().max(100).optional(),
    gender: GenderSchema.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, VALIDATION.country)
      .optional(),
    countryregion: z.coerce.number<string>(VALIDATION.region).int(VALIDATION.region).min(0).optional(),
    min_age: age.max(MAX_AGE, VALIDATION.choice).optional(),
    max_age: age.max(MAX_AGE, VALIDATION.choice).optional(),
    page: z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).min(1).max(1000).optional(),
  })
  .refine((query) => query.min_age === undefined || query.max_age === undefined || query.min_age <= query.max_age, {
    path: ['max_age'],
    message: VALIDATION.choice,
  });
export type SearchQuery = z.input<typeof SearchQuerySchema>;

/** Spec §3 profile card; `fictional` drives the site's fictional icon. */
export const ProfileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  language: z.string(),
  fictional: z.boolean(),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  images: z.array(z.object({ id: z.number().int(), thumb_filename: z.string() })),
  likes: z.object({ did_like_profile: z.boolean() }),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

export const SearchFilterOptionsSchema = z.object({
  gender: GenderSchema,
  min_age: z.number().int(),
  max_age: z.number().int(),
  /** '' when every country of the site is searched. */
  country: z.string(),
  /** 0 means every region. */
  countryregion: z.number().int(),
});
export type SearchFilterOptions = z.infer<typeof SearchFilterOptionsSchema>;

export const SearchResponseSchema = z.object({
  profiles: z.array(ProfileCardSchema),
  filter_options: SearchFilterOptionsSchema,
  paging: z.object({ num_results: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
