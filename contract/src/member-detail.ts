import { z } from 'zod';
import { GenderSchema, ProfileImageSchema } from './user.js';
import { VALIDATION } from './validation.js';

export const MemberDetailQuerySchema = z.object({
  id: z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice),
});
export type MemberDetailQuery = z.input<typeof MemberDetailQuerySchema>;

/**
 * One member's page: the profile card of spec §3 with full-size photos, plus the site's
 * visible_profile_fields and visible_profile_notes in the site's order. Fields and notes the
 * member left empty are left out. Nothing private (e-mail, birth date, status) is sent.
 */
export const MemberDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  /** For the similar-members search (spec §7: gender and country of the viewed member). */
  gender: GenderSchema.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  language: z.string(),
  fictional: z.boolean(),
  main_image: ProfileImageSchema.nullable(),
  images: z.array(ProfileImageSchema),
  /** Field name → value; allowed-value fields carry the value code, which the web translates. */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  notes: z.array(z.object({ name: z.string(), text: z.string() })),
  likes: z.object({ did_like_profile: z.boolean() }),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;
