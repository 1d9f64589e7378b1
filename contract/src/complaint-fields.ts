/*
 * The complaint form's choices and limits without zod, so the complaints page loads no validation
 * code before it paints; the schemas of the call are in complaints.ts.
 */

/** What a notice is about (the form's first question). Appeals are about a decision instead. */
export const COMPLAINT_SUBJECTS = ['profile', 'photo', 'message', 'lander', 'other'] as const;
export type ComplaintSubject = (typeof COMPLAINT_SUBJECTS)[number];

/** The notice categories of the complaint form (DSA Art. 16 notices). */
export const COMPLAINT_CATEGORIES = [
  'illegal',
  'minor',
  'trafficking',
  'harassment',
  'fraud',
  'privacy',
  'intellectual_property',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/**
 * The one category in which a notifier may stay anonymous: DSA Art. 16(2)(c) exempts reports of
 * child sexual abuse from giving a name and e-mail address.
 */
export const ANONYMOUS_CATEGORY: ComplaintCategory = 'minor';

export const COMPLAINT_LOCATION_MAX = 2000;
/** A "sufficiently substantiated explanation" (Art. 16(2)(a)) takes more than a word or two. */
export const COMPLAINT_EXPLANATION_MIN = 20;
export const COMPLAINT_EXPLANATION_MAX = 5000;
export const DECISION_REFERENCE_MAX = 64;

/** Field messages of this form beyond the shared ones; catalogue keys like VALIDATION's. */
export const COMPLAINT_VALIDATION = {
  explanationShort: 'complaints.explanation_short',
  goodFaith: 'complaints.good_faith_required',
} as const;
