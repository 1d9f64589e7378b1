import { z } from 'zod';
import { ModerationReasonSchema } from './moderation-reasons.js';
import { VALIDATION } from './validation.js';

/**
 * The rules that put a member's message in the moderation queue (issue 18): contact details, which
 * take a conversation off the site where nobody can protect either side; payment requests, the
 * mark of romance fraud; and the words a site lists.
 */
export const MESSAGE_RULES = ['contact_details', 'payment_request', 'listed_word'] as const;
export type MessageRule = (typeof MESSAGE_RULES)[number];

/**
 * When a member's new or changed profile photo or about-me text is reviewed by a moderator:
 * `off` never; `after` it shows at once and is reviewed afterwards; `before` nobody else sees it
 * until a moderator approves it (docs/decisions/022).
 */
export const PROFILE_REVIEW_MODES = ['off', 'after', 'before'] as const;
export type ProfileReviewMode = (typeof PROFILE_REVIEW_MODES)[number];
/** Reviewed afterwards: nothing a member writes waits, and a moderator still sees all of it. */
export const DEFAULT_PROFILE_REVIEW: ProfileReviewMode = 'after';

/** A listed word or phrase, matched without regard to case or accents, as a whole word. */
export const FLAG_WORD_MAX_LENGTH = 60;
export const FLAG_WORDS_MAX = 500;

/**
 * A site's `moderation` setting; a site without one flags contact details and payment requests,
 * and offers every ground for a decision.
 */
export const ModerationSettingSchema = z.object({
  flag_contact_details: z.boolean().default(true),
  flag_payment_requests: z.boolean().default(true),
  flag_words: z.array(z.string().trim().min(1).max(FLAG_WORD_MAX_LENGTH)).max(FLAG_WORDS_MAX).default([]),
  /** The grounds its moderators choose from beside the required ones (`offeredReasons`); absent: all. */
  reasons: z.array(ModerationReasonSchema).optional(),
  /** When new profile photos and about-me texts are reviewed; absent: DEFAULT_PROFILE_REVIEW. */
  profile_review: z.enum(PROFILE_REVIEW_MODES, VALIDATION.choice).optional(),
});
export type ModerationSetting = z.infer<typeof ModerationSettingSchema>;

/** The site's profile review mode; a site without a `moderation` setting reviews afterwards. */
export const profileReviewOf = (setting: ModerationSetting | undefined): ProfileReviewMode =>
  setting?.profile_review ?? DEFAULT_PROFILE_REVIEW;
