import { z } from 'zod';

/**
 * Interest codes offered to members (GET /api/interests.php). Codes, not labels: the web
 * translates `interests.<code>`, so this list also types those catalogue keys. Picked for
 * an audience of mature adults; append new codes, never rename one a member may have chosen.
 */
export const INTEREST_CODES = [
  'walking',
  'hiking',
  'cycling',
  'swimming',
  'dancing',
  'golf',
  'tennis',
  'bowls',
  'fishing',
  'sailing',
  'yoga',
  'fitness',
  'gardening',
  'nature',
  'birdwatching',
  'pets',
  'cooking',
  'baking',
  'dining_out',
  'wine',
  'travel',
  'city_trips',
  'cruises',
  'caravanning',
  'music',
  'concerts',
  'classical_music',
  'singing',
  'theatre',
  'cinema',
  'museums',
  'art',
  'painting',
  'photography',
  'crafts',
  'knitting',
  'reading',
  'writing',
  'history',
  'languages',
  'antiques',
  'classic_cars',
  'card_games',
  'bridge',
  'chess',
  'puzzles',
  'volunteering',
  'grandchildren',
  'family',
  'faith',
] as const;
export const InterestCodeSchema = z.enum(INTEREST_CODES);
export type InterestCode = z.infer<typeof InterestCodeSchema>;

/** GET /api/interests.php */
export const InterestsResponseSchema = z.object({
  interests: z.array(z.object({ id: InterestCodeSchema })),
});
export type InterestsResponse = z.infer<typeof InterestsResponseSchema>;

/** One allowed-value field: its name and the value codes a member may pick (the web translates both). */
export const ProfileFieldSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
});
export type ProfileField = z.infer<typeof ProfileFieldSchema>;

/** GET /api/profile_fields.php: what the site's profile form offers, and the lengths the server accepts. */
export const ProfileFieldsResponseSchema = z.object({
  fields: z.array(ProfileFieldSchema),
  /** About-me text fields, by name, in the site's order. */
  notes: z.array(z.string()),
  limits: z.object({
    name_max: z.number().int().positive(),
    city_max: z.number().int().positive(),
    note_max: z.number().int().positive(),
  }),
});
export type ProfileFieldsResponse = z.infer<typeof ProfileFieldsResponseSchema>;

/** GET /api/companyinfo.php (spec §7): who runs the site, for the terms, privacy and service pages. */
export const CompanyInfoResponseSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.object({ id: z.number().int(), name: z.string() })),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** Percentage offered to a member who is about to delete the account. */
  delete_discount: z.number().int().min(0).max(100),
});
export type CompanyInfoResponse = z.infer<typeof CompanyInfoResponseSchema>;
