import { z } from 'zod';
import { EmailSchema } from './accounts.js';
import {
  ANONYMOUS_CATEGORY,
  COMPLAINT_CATEGORIES,
  COMPLAINT_EXPLANATION_MAX,
  COMPLAINT_EXPLANATION_MIN,
  COMPLAINT_LOCATION_MAX,
  COMPLAINT_SUBJECTS,
  COMPLAINT_VALIDATION,
  DECISION_REFERENCE_MAX,
} from './complaint-fields.js';
import { NAME_MAX } from './fields.js';
import type { ReportReason } from './safety.js';
import { VALIDATION } from './validation.js';

/** Anything a person leaves empty arrives as '' from a form; the same as leaving it out. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const id = z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);
const requiredText = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(max, VALIDATION.tooLong);
const explanation = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .min(COMPLAINT_EXPLANATION_MIN, COMPLAINT_VALIDATION.explanationShort)
  .max(COMPLAINT_EXPLANATION_MAX, VALIDATION.tooLong);
const optionalName = z.preprocess(blankToUndefined, z.string().trim().max(NAME_MAX, VALIDATION.tooLong).optional());
const optionalEmail = z.preprocess(blankToUndefined, EmailSchema.optional());
/** The language the form was shown in: the confirmation and the later answer use it. */
const language = z.string().max(16).optional();

/** A notice of content the reporter holds illegal or against the terms (DSA Art. 16). */
export const ComplaintNoticeSchema = z
  .object({
    kind: z.literal('notice'),
    subject: z.enum(COMPLAINT_SUBJECTS, VALIDATION.choice),
    /** Where it is: a link, or a member's reference. */
    location: requiredText(COMPLAINT_LOCATION_MAX),
    /** The member and conversation the form was opened from, when it was. */
    member: id.optional(),
    conversation: id.optional(),
    category: z.enum(COMPLAINT_CATEGORIES, VALIDATION.choice),
    explanation,
    name: optionalName,
    email: optionalEmail,
    good_faith: z.literal(true, COMPLAINT_VALIDATION.goodFaith),
    language,
  })
  // Checked even when other fields failed, so the form shows every missing field at once.
  .check(
    z.refine((notice) => notice.category === ANONYMOUS_CATEGORY || notice.name !== undefined, {
      path: ['name'],
      message: VALIDATION.required,
      when: () => true,
    }),
    z.refine((notice) => notice.category === ANONYMOUS_CATEGORY || notice.email !== undefined, {
      path: ['email'],
      message: VALIDATION.required,
      when: () => true,
    }),
  );

/** A member objecting to a decision about their own account (DSA Art. 20). */
export const ComplaintAppealSchema = z.object({
  kind: z.literal('appeal'),
  /** The reference our decision gave them. */
  decision: requiredText(DECISION_REFERENCE_MAX),
  email: EmailSchema,
  explanation,
  language,
});

/** POST /api/complaints.php — ours: the public notice-and-action form and appeals. */
export const ComplaintRequestSchema = z.discriminatedUnion('kind', [ComplaintNoticeSchema, ComplaintAppealSchema], {
  error: VALIDATION.choice,
});
export type ComplaintRequest = z.input<typeof ComplaintRequestSchema>;
export type ComplaintNotice = z.output<typeof ComplaintNoticeSchema>;
export type ComplaintAppeal = z.output<typeof ComplaintAppealSchema>;

/** `RV-` and eight characters no one misreads (no 0/O, 1/I/L): read out over the phone, typed from a letter. */
export const COMPLAINT_REFERENCE_PATTERN = /^RV-[2-9A-HJKMNP-Z]{8}$/;

export const ComplaintResponseSchema = z.object({ reference: z.string().regex(COMPLAINT_REFERENCE_PATTERN) });
export type ComplaintResponse = z.infer<typeof ComplaintResponseSchema>;

/**
 * Every category an item in the moderation queue can carry: the notice categories, plus the two
 * in-app report reasons that have no notice category of their own (spam and fake profiles break
 * the terms, not the law).
 */
export const MODERATION_CATEGORIES = [...COMPLAINT_CATEGORIES, 'spam', 'fake'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** An in-app report's reason as a queue category, so the operator reads one vocabulary. */
export const REPORT_REASON_CATEGORY = {
  spam: 'spam',
  scam: 'fraud',
  abuse: 'harassment',
  underage: 'minor',
  fake: 'fake',
  other: 'other',
} as const satisfies Record<ReportReason, ModerationCategory>;

/**
 * Where an item in the queue came from: the in-app report button, the public form, an appeal, a
 * member's message that matched one of the site's rules (contact details, payment requests, listed
 * words), or a new profile photo or about-me text to review (`profile_review` in the site settings).
 */
export const MODERATION_SOURCES = ['report', 'notice', 'appeal', 'rule', 'photo', 'text'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];
