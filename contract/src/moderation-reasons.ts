import { z } from 'zod';
import { VALIDATION } from './validation.js';

/**
 * The grounds a decision can give, each naming the rule or law it rests on in the statement of
 * reasons (DSA Art. 17(3)(d)). A site may offer fewer (`moderation.reasons` in its settings).
 */
export const MODERATION_REASONS = [
  'no_violation',
  'minor',
  'trafficking',
  'illegal',
  'harassment',
  'fraud',
  'spam',
  'fake',
  'privacy',
  'intellectual_property',
  'contact_details',
] as const;
export const ModerationReasonSchema = z.enum(MODERATION_REASONS, VALIDATION.choice);
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

/** Grounds every site offers: a decision that nothing was wrong, and what the law forbids everywhere. */
export const REQUIRED_MODERATION_REASONS = [
  'no_violation',
  'minor',
  'trafficking',
  'illegal',
] as const satisfies readonly ModerationReason[];

/**
 * The grounds a site's moderators choose from, in the one order of MODERATION_REASONS: the site's
 * own list with the required ones, or every ground when the site lists none.
 */
export function offeredReasons(siteReasons: readonly ModerationReason[] | undefined): ModerationReason[] {
  if (!siteReasons) return [...MODERATION_REASONS];
  const offered = new Set<ModerationReason>([...REQUIRED_MODERATION_REASONS, ...siteReasons]);
  return MODERATION_REASONS.filter((reason) => offered.has(reason));
}
