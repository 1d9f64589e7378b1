import { z } from 'zod';
import { EmailSchema } from './accounts.js';
import type { StaffRole } from './console.js';
import { StaffNoteSchema } from './console-inbox.js';
import { ModerationDecisionSchema } from './console-moderation.js';
import { MODERATION_SOURCES } from './complaints.js';
import { CreditReasonSchema } from './credits.js';
import { OrderStateSchema, PaymentProviderSchema } from './payments.js';
import { MemberStatusSchema } from './user.js';
import { VALIDATION } from './validation.js';

/** The console's member administration (issue 18): find a member, see everything about them, give back. */
export const CONSOLE_MEMBERS_PATH = '/api/console/members';
/** Adjustments above the requester's daily limit wait here for an admin. */
export const CONSOLE_APPROVALS_PATH = '/api/console/approvals';

/**
 * How much one staff member may give back per UTC day without an admin: money refunded (minor units,
 * whatever the currency: every site sells in euros so far) and credits granted or given back for
 * messages. `null`: no limit (admins are the ones who approve). An adjustment that would take the
 * day's total over either limit waits for an admin instead of being made.
 */
export const DAILY_APPROVAL_LIMITS: Readonly<Record<StaffRole, { money_minor: number; credits: number } | null>> = {
  operator: { money_minor: 2_000, credits: 100 },
  supervisor: { money_minor: 10_000, credits: 500 },
  admin: null,
};

/** Members a search answers at most. */
export const MEMBER_SEARCH_LIMIT = 25;
/** Credits one manual grant gives at most (a larger gift is a mistake, or several grants). */
export const MANUAL_GRANT_MAX_CREDITS = 10_000;
/** Messages one credit-back names at most. */
export const CREDIT_BACK_MAX_MESSAGES = 100;
/** Rows of the credits ledger, orders and sessions the member page shows, newest first. */
export const MEMBER_PAGE_ROWS = 50;

export const ADJUSTMENT_KINDS = ['refund', 'credit_back', 'grant'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_STATUSES = ['done', 'pending', 'refused'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

const id = z.coerce.number<string>().int().positive();

/** GET /api/console/members?q=: an e-mail address (or part), a name, `#id`, a member id or `c123` for a conversation. */
export const MemberSearchQuerySchema = z.object({
  q: z.string().trim().min(1, VALIDATION.required).max(254, VALIDATION.tooLong),
});
export type MemberSearchQuery = z.input<typeof MemberSearchQuerySchema>;

const siteRef = z.object({ id: z.number().int(), name: z.string() });

export const MemberSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: MemberStatusSchema,
  site: siteRef,
  fictional: z.boolean(),
  signup_at: z.number().int(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberSearchResponseSchema = z.object({ members: z.array(MemberSummarySchema) });
export type MemberSearchResponse = z.infer<typeof MemberSearchResponseSchema>;

export const MemberParamsSchema = z.object({ id });
export const ApprovalParamsSchema = z.object({ id });

const staffRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const AdjustmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADJUSTMENT_KINDS),
  status: z.enum(ADJUSTMENT_STATUSES),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  order_id: z.number().int().nullable(),
  message_ids: z.array(z.number().int()),
  /** Money given back, in minor units of `currency` (refunds). */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Credits given (grants, credit-backs). */
  credits: z.number().int().nullable(),
  reason: z.string(),
  requested_by: staffRef,
  created_at: z.number().int(),
  decided_by: staffRef,
  decided_at: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

/** Everything about one member an operator may need, newest first in every list. */
export const MemberAdminDetailSchema = z.object({
  account: MemberSummarySchema.extend({
    language: z.string(),
    gender: z.enum(['male', 'female']).nullable(),
    date_of_birth: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    activated_at: z.number().int().nullable(),
    last_active_at: z.number().int(),
    deleted_at: z.number().int().nullable(),
    suspended_until: z.number().int().nullable(),
    credits: z.number().int(),
    spending_blocked_at: z.number().int().nullable(),
    /** Whether the member logs in with a code from an app (issue 19); support can turn it off. */
    two_factor: z.boolean(),
  }),
  /** Where the member signed up from: the lander and the traffic source's parameters. */
  signup_source: z.object({
    lander: z.string().nullable(),
    form_path: z.string().nullable(),
    referrer: z.string().nullable(),
    network: z.string().nullable(),
    ref: z.string().nullable(),
    sub1: z.string().nullable(),
    sub2: z.string().nullable(),
    sub3: z.string().nullable(),
  }),
  sessions: z.array(z.object({ created_at: z.number().int(), expires_at: z.number().int() })),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      reason: CreditReasonSchema,
      reference: z.string().nullable(),
      created_at: z.number().int(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      purchase: z.string(),
      provider: PaymentProviderSchema,
      state: OrderStateSchema,
      gross: z.number().int(),
      currency: z.string(),
      credits: z.number().int(),
      created_at: z.number().int(),
      paid_at: z.number().int().nullable(),
    }),
  ),
  premium: z.object({
    until: z.number().int().nullable(),
    renews: z.boolean(),
  }),
  /** Paid messages the member sent, newest first: what a credit-back can name. */
  paid_messages: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      body: z.string(),
      credits: z.number().int(),
      created_at: z.number().int(),
      credited_back: z.boolean(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      kind: z.enum(MODERATION_SOURCES),
      /** Whether the member filed it (else it is about them). */
      filed: z.boolean(),
      status: z.string(),
      created_at: z.number().int(),
    }),
  ),
  blocks: z.array(
    z.object({
      member: z.object({ id: z.number().int(), name: z.string() }),
      /** `by`: the member blocked them; `of`: they blocked the member. */
      direction: z.enum(['by', 'of']),
      created_at: z.number().int(),
    }),
  ),
  decisions: z.array(ModerationDecisionSchema),
  adjustments: z.array(AdjustmentSchema),
  notes: z.array(StaffNoteSchema),
});
export type MemberAdminDetail = z.infer<typeof MemberAdminDetailSchema>;

const adjustmentReason = z.string(VALIDATION.required).trim().min(1, VALIDATION.required).max(500, VALIDATION.tooLong);

/** POST /api/console/members/:id/adjustments: asks for the code again. */
export const AdjustmentRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('refund'),
      order_id: z.number(VALIDATION.required).int(VALIDATION.choice).positive(VALIDATION.choice),
      /** Minor units; the order's whole price when left out. */
      amount: z.number(VALIDATION.required).int(VALIDATION.choice).positive(VALIDATION.choice).optional(),
      reason: adjustmentReason,
    }),
    z.object({
      kind: z.literal('credit_back'),
      message_ids: z
        .array(z.number().int().positive())
        .min(1, VALIDATION.required)
        .max(CREDIT_BACK_MAX_MESSAGES, VALIDATION.tooLong),
      reason: adjustmentReason,
    }),
    z.object({
      kind: z.literal('grant'),
      credits: z
        .number(VALIDATION.required)
        .int(VALIDATION.choice)
        .min(1, VALIDATION.choice)
        .max(MANUAL_GRANT_MAX_CREDITS, VALIDATION.choice),
      reason: adjustmentReason,
    }),
  ],
  { error: VALIDATION.choice },
);
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;
export type AdjustmentRequestInput = z.input<typeof AdjustmentRequestSchema>;

export const AdjustmentResponseSchema = z.object({ adjustment: AdjustmentSchema });
export type AdjustmentResponse = z.infer<typeof AdjustmentResponseSchema>;

/** GET /api/console/approvals: adjustments waiting for an admin, oldest first. */
export const ApprovalsResponseSchema = z.object({ approvals: z.array(AdjustmentSchema) });
export type ApprovalsResponse = z.infer<typeof ApprovalsResponseSchema>;

/**
 * Account actions staff take for a member who asked (issue 18), each as the member's own page would:
 * POST …/:id/password-reset and …/:id/activation mail the member their link.
 */
export const AccountActionResponseSchema = z.object({ done: z.literal(true) });
export type AccountActionResponse = z.infer<typeof AccountActionResponseSchema>;

/** POST …/:id/email-change: the new address gets the confirmation link; asks for the code again. */
export const StaffEmailChangeRequestSchema = z.object({ email: EmailSchema });
export type StaffEmailChangeRequest = z.infer<typeof StaffEmailChangeRequestSchema>;

/**
 * POST …/:id/two-factor-reset: turns off the two-factor login of a member who lost both their phone
 * and their recovery codes; the member is told by mail. Asks for the code again.
 */
export const MemberTwoFactorResetResponseSchema = AccountActionResponseSchema;

/** POST …/:id/export: everything stored that is the member's to have; asks for the code again. */
export const MemberExportResponseSchema = z.object({
  exported_at: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type MemberExportResponse = z.infer<typeof MemberExportResponseSchema>;

/** POST …/:id/delete: the account is erased as the member's own button does; asks for the code again. */
export const MemberDeleteResponseSchema = AccountActionResponseSchema;
