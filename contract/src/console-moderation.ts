import { z } from 'zod';
import { MODERATION_CATEGORIES, MODERATION_SOURCES } from './complaints.js';
import { COMPLAINT_SUBJECTS } from './complaint-fields.js';
import { MESSAGE_RULES } from './message-rules.js';
import { ModerationReasonSchema } from './moderation-reasons.js';
import { ConsoleSiteSchema } from './console-auth.js';
import { MemberStatusSchema } from './user.js';
import { VALIDATION } from './validation.js';

/** The console's moderation calls (issue 18): the one queue of docs/decisions/008 and its decisions. */
export const CONSOLE_MODERATION_PATH = '/api/console/moderation';

/** Categories decided before anything older: a child or a trafficked person may be at risk now. */
export const PRIORITY_CATEGORIES = [
  'minor',
  'trafficking',
] as const satisfies readonly (typeof MODERATION_CATEGORIES)[number][];

/**
 * What a moderator can decide about an item. `reverse` answers an appeal by lifting the decision
 * appealed against; `dismiss` on an appeal lets that decision stand. `approve` publishes a profile
 * photo or text under review, `remove` takes it off the profile.
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'warn',
  'hide',
  'suspend',
  'ban',
  'reverse',
  'approve',
  'remove',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** Decisions about the account itself: they ask for the two-factor code again (`/decide-account`). */
export const ACCOUNT_ACTIONS = ['suspend', 'ban', 'reverse'] as const satisfies readonly ModerationAction[];
export const ITEM_ACTIONS = [
  'dismiss',
  'warn',
  'hide',
  'approve',
  'remove',
] as const satisfies readonly ModerationAction[];

/** The kinds of item about a profile photo or about-me text under review (`profile_review`). */
export const REVIEW_SOURCES = ['photo', 'text'] as const satisfies readonly (typeof MODERATION_SOURCES)[number][];
export const isReviewSource = (source: string): source is (typeof REVIEW_SOURCES)[number] =>
  (REVIEW_SOURCES as readonly string[]).includes(source);
/**
 * What decides a review item: publish it or take it off, or act on the account (which takes it
 * off too). Warning or hiding the member for one photo is not offered; neither is a dismissal,
 * which is what approving is.
 */
export const REVIEW_ACTIONS = ['approve', 'remove', 'suspend', 'ban'] as const satisfies readonly ModerationAction[];

export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 365;

/** A moderator's claim on an item lapses after this long without a decision (as an inbox claim does). */
export const MODERATION_CLAIM_IDLE_MS = 15 * 60_000;

/** Messages of the reported conversation shown beside an item, newest last. */
export const MODERATION_MESSAGES_SHOWN = 50;

/**
 * `closed`: an in-app report handled before decisions were recorded (docs/decisions/008);
 * `withdrawn`: a photo or text under review that the member removed or replaced before a decision.
 */
export const ModerationItemStatusSchema = z.enum(['open', 'decided', 'closed', 'withdrawn']);
export type ModerationItemStatus = z.infer<typeof ModerationItemStatusSchema>;

const id = z.coerce.number<string>().int().positive();

/** GET /api/console/moderation/items: open items, priority first, then oldest first. */
export const ModerationQueueQuerySchema = z.object({
  site_id: id.optional(),
  kind: z.enum(MODERATION_SOURCES).optional(),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuerySchema>;

export const ModerationClaimSchema = z.object({
  staff: z.object({ id: z.number().int(), name: z.string() }),
  claimed_at: z.number().int(),
});
export type ModerationClaim = z.infer<typeof ModerationClaimSchema>;

const memberRef = z.object({ id: z.number().int(), name: z.string() });

export const ModerationQueueItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(MODERATION_SOURCES),
  site_id: z.number().int(),
  subject: z.enum([...COMPLAINT_SUBJECTS, 'decision']),
  category: z.enum(MODERATION_CATEGORIES).nullable(),
  priority: z.boolean(),
  reported_member: memberRef.nullable(),
  created_at: z.number().int(),
  claim: ModerationClaimSchema.nullable(),
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItemSchema>;

export const ModerationQueueResponseSchema = z.object({
  items: z.array(ModerationQueueItemSchema),
  sites: z.array(ConsoleSiteSchema),
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponseSchema>;

export const ModerationDecisionSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: ModerationReasonSchema,
  /** For a suspension: when it ends. */
  until: z.number().int().nullable(),
  staff: memberRef.nullable(),
  created_at: z.number().int(),
  /** When an appeal or an admin lifted it. */
  lifted_at: z.number().int().nullable(),
});
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

export const ModerationMessageSchema = z.object({
  id: z.number().int(),
  sender: memberRef,
  body: z.string(),
  created_at: z.number().int(),
});
export type ModerationMessage = z.infer<typeof ModerationMessageSchema>;

/**
 * A photo as the console shows it: its files are served to staff at CONSOLE_MODERATION_PHOTO_PATH,
 * also while nobody else may see them (under review, removed, or their member banned).
 */
export const ModerationPhotoSchema = z.object({ filename: z.string(), thumb_filename: z.string() });
export type ModerationPhoto = z.infer<typeof ModerationPhotoSchema>;
/** GET …/photos/:name: a photo file for staff, whoever else may see it. */
export const CONSOLE_MODERATION_PHOTO_PATH = `${CONSOLE_MODERATION_PATH}/photos`;
export const ModerationPhotoParamsSchema = z.object({ name: z.string().regex(/^[a-f0-9]{32}\.(jpg|webp)$/) });

export const ModerationReviewSchema = z.object({
  /**
   * Whether others were kept from seeing it until a decision (reviewed before publication); false
   * when it was shown at once and is reviewed afterwards.
   */
  held: z.boolean(),
  /** A photo item: the photo, and the member's main photo beside it when they had one. */
  photo: ModerationPhotoSchema.nullable(),
  previous_photo: ModerationPhotoSchema.nullable(),
  /** A text item: which about-me field, the new text and the one it replaces ('' for none). */
  field: z.string().nullable(),
  text: z.string().nullable(),
  previous_text: z.string().nullable(),
});
export type ModerationReview = z.infer<typeof ModerationReviewSchema>;

/** Everything a moderator needs beside one item to decide it. */
export const ModerationItemDetailSchema = z.object({
  item: ModerationQueueItemSchema.extend({
    status: ModerationItemStatusSchema,
    location: z.string().nullable(),
    explanation: z.string().nullable(),
    reporter: z.object({
      member_id: z.number().int().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    }),
    conversation_id: z.number().int().nullable(),
    /** For an item a rule raised: which rule, and the message that matched it. */
    flag_rule: z.enum(MESSAGE_RULES).nullable(),
    message_id: z.number().int().nullable(),
  }),
  /** The member the item is about: the reported member, or for an appeal the one decided about. */
  member: z
    .object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      status: MemberStatusSchema,
      suspended_until: z.number().int().nullable(),
      listed: z.boolean(),
      language: z.string(),
      gender: z.enum(['male', 'female']).nullable(),
      date_of_birth: z.string().nullable(),
      country: z.string().nullable(),
      city: z.string().nullable(),
      personal: z.record(z.string(), z.string()),
      signup_at: z.number().int(),
      last_active_at: z.number().int(),
      credits_spent: z.number().int(),
      /** With `in_review` for a photo others do not see yet (reviewed before publication). */
      photos: z.array(ModerationPhotoSchema.extend({ id: z.number().int(), in_review: z.boolean() })),
    })
    .nullable(),
  /** For a photo or text under review: what is reviewed, beside what it replaces. */
  review: ModerationReviewSchema.nullable(),
  messages: z.array(ModerationMessageSchema),
  /**
   * Whether `messages` is the copy taken when the item was filed (what was reported, even if it
   * changed since); false for items filed before copies were kept, which show the conversation now.
   */
  messages_kept: z.boolean(),
  /** The grounds this item's site offers for a decision (`offeredReasons`). */
  reasons: z.array(ModerationReasonSchema),
  /** Earlier items about the same member, newest first. */
  history: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      kind: z.enum(MODERATION_SOURCES),
      category: z.enum(MODERATION_CATEGORIES).nullable(),
      status: ModerationItemStatusSchema,
      created_at: z.number().int(),
    }),
  ),
  /** Decisions about the same member, newest first. */
  decisions: z.array(ModerationDecisionSchema),
  /** For an appeal: the decision appealed against, when its reference was found. */
  appealed: ModerationDecisionSchema.nullable(),
  /** The decision that closed this item. */
  decision: ModerationDecisionSchema.nullable(),
});
export type ModerationItemDetail = z.infer<typeof ModerationItemDetailSchema>;

/**
 * GET /api/console/moderation/items/:id/evidence (asks for the code again): everything on record
 * about an item in one file, to hand to the authorities when a minor or trafficking is suspected.
 * Photos are included as stored, each with its SHA-256, since a banned member's are no longer served.
 */
export const ModerationEvidenceSchema = ModerationItemDetailSchema.extend({
  format: z.literal('rendezvous-evidence/1'),
  exported_at: z.number().int(),
  exported_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  site: z.object({ id: z.number().int(), name: z.string(), domain: z.string() }),
  photo_files: z.array(
    z.object({
      filename: z.string(),
      /** The file's hash and bytes (base64); both null when the file is no longer in the store. */
      sha256: z.string().nullable(),
      base64: z.string().nullable(),
    }),
  ),
});
export type ModerationEvidence = z.infer<typeof ModerationEvidenceSchema>;

export const ModerationItemParamsSchema = z.object({ id });
export const ModerationMemberParamsSchema = z.object({ id });

const note = z.string().trim().max(2000, VALIDATION.tooLong).optional();

/** POST /api/console/moderation/items/:id/decide */
export const ItemDecisionRequestSchema = z.object({
  action: z.enum(ITEM_ACTIONS, VALIDATION.choice),
  reason: ModerationReasonSchema,
  note,
});
export type ItemDecisionRequest = z.infer<typeof ItemDecisionRequestSchema>;

/** POST /api/console/moderation/items/:id/decide-account: asks for the code again. */
export const AccountDecisionRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('suspend'),
      reason: ModerationReasonSchema,
      days: z
        .number(VALIDATION.required)
        .int(VALIDATION.choice)
        .min(SUSPEND_DAYS_MIN, VALIDATION.choice)
        .max(SUSPEND_DAYS_MAX, VALIDATION.choice),
      note,
    }),
    z.object({ action: z.literal('ban'), reason: ModerationReasonSchema, note }),
    z.object({ action: z.literal('reverse'), reason: ModerationReasonSchema, note }),
  ],
  { error: VALIDATION.choice },
);
export type AccountDecisionRequest = z.infer<typeof AccountDecisionRequestSchema>;

/** POST /api/console/moderation/items/:id/claim */
export const ModerationClaimResponseSchema = z.object({ claim: ModerationClaimSchema });
/** DELETE /api/console/moderation/items/:id/claim: nothing to let go of (lapsed, another tab) is fine too. */
export const ModerationReleaseResponseSchema = z.object({ released: z.literal(true) });

export const ModerationDecisionResponseSchema = z.object({ decision: ModerationDecisionSchema });

/** POST /api/console/moderation/members/:id/unban (admins): the member's ban or suspension ends now. */
export const UnbanResponseSchema = z.object({ status: MemberStatusSchema });
