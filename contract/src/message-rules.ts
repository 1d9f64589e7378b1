import { z } from 'zod';
import { ModerationReasonSchema } from './moderation-reasons.js';

/**
 * The rules that put a member's message in the moderation queue (issue 18): contact details, which
 * take a conversation off the site where nobody can protect either side; payment requests, the
 * mark of romance fraud; and the words a site lists.
 */
export const MESSAGE_RULES = ['contact_details', 'payment_request', 'listed_word'] as const;
export type MessageRule = (typeof MESSAGE_RULES)[number];

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
});
export type ModerationSetting = z.infer<typeof ModerationSettingSchema>;
