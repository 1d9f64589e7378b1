import { z } from 'zod';
import { ProfileCardSchema } from './search.js';
import { MAX_AGE, MIN_AGE } from './search-filters.js';
import { GENDERS } from './fields.js';
import { VALIDATION } from './validation.js';

const age = z.coerce
  .number<string>(VALIDATION.choice)
  .int(VALIDATION.choice)
  .min(MIN_AGE, VALIDATION.choice)
  .max(MAX_AGE, VALIDATION.choice);

/**
 * What a visitor told the finder: who they look for, the age range and where they live. Every
 * filter is required, since a visitor has no saved search to fill the gaps from.
 */
export const MatchFinderQuerySchema = z
  .object({
    gender: z.enum(GENDERS, VALIDATION.choice),
    min_age: age,
    max_age: age,
    country: z.string(VALIDATION.country).regex(/^[A-Z]{2}$/, VALIDATION.country),
    /** 0 means every region. */
    countryregion: z.coerce.number<string>(VALIDATION.region).int(VALIDATION.region).min(0, VALIDATION.region),
    /** The traffic-source network the visitor arrived with (spec §6), as /api/search.php takes it. */
    trafficsource: z.string().max(100).optional(),
  })
  .refine((query) => query.min_age <= query.max_age, { path: ['max_age'], message: VALIDATION.choice });
export type MatchFinderQuery = z.input<typeof MatchFinderQuerySchema>;
export type MatchFilters = Omit<z.output<typeof MatchFinderQuerySchema>, 'trafficsource'>;

/**
 * The first page of matches. Where visitors may not search (spec §6), real members' cards come
 * without photos: they never agreed to be shown to people who are not members.
 */
export const MatchFinderResponseSchema = z.object({
  num_results: z.number().int(),
  profiles: z.array(ProfileCardSchema),
});
export type MatchFinderResponse = z.infer<typeof MatchFinderResponseSchema>;
