import { z } from 'zod';
import { GENDERS } from './fields.js';

export const GenderSchema = z.enum(GENDERS);

export const ProfileImageSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  thumb_filename: z.string(),
});
export type ProfileImage = z.infer<typeof ProfileImageSchema>;

/** A member's own photo; `in_review` when others do not see it until a moderator approves it. */
export const OwnProfileImageSchema = ProfileImageSchema.extend({ in_review: z.boolean().optional() });
export type OwnProfileImage = z.infer<typeof OwnProfileImageSchema>;

/** The user object of spec §3: present means logged in. */
export const UserSchema = z.object({
  email: z.string(),
  /** 2 means a webmail provider whose inbox we can link to (spec §2, activation screen). */
  mailprovider: z.number().int(),
  fictional_icon: z.boolean(),
  paid_user: z.boolean(),
  /** Ours, beyond spec §3: whether the address is confirmed, so the app can remind and offer a new mail. */
  email_confirmed: z.boolean(),
  signup_date: z.string(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: z.string().nullable(),
    countryregion: z.number().int().nullable(),
    city: z.string().nullable(),
    gender: GenderSchema.nullable(),
    date_of_birth: z.string().nullable(),
    main_image: OwnProfileImageSchema.nullable(),
    images: z.array(OwnProfileImageSchema),
    /** The member's own answers and about-me texts, including texts still waiting for review. */
    personal: z.record(z.string(), z.string()),
    /** Ours: the about-me fields whose text others do not see until a moderator approves it. */
    personal_in_review: z.array(z.string()).optional(),
  }),
});
export type User = z.infer<typeof UserSchema>;

/**
 * An account's state; `retired` is a fictional profile taken out of service (console personas),
 * `suspended` a member banned for a while (console moderation), until `suspended_until`.
 */
export const MemberStatusSchema = z.enum(['not_confirmed', 'active', 'deleted', 'banned', 'retired', 'suspended']);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;
