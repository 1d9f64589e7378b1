import { z } from 'zod';

/**
 * Every action the audit log records, as `area.verb`: one list, so the console can offer each as a
 * filter and name each in every language, and the server cannot record one that is not here.
 */
export const AUDIT_ACTIONS = [
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.two_factor_enrolled',
  'staff.recovery_codes_regenerated',
  'staff.capacity',
  'staff.create',
  'staff.update',
  'staff.disable',
  'staff.enable',
  'staff.two_factor_reset',
  'staff.password_reset',
  'persona.create',
  'persona.update',
  'persona.sheet',
  'persona.state',
  'persona.image.add',
  'persona.image.main',
  'persona.image.order',
  'persona.image.remove',
  'inbox.claim',
  'inbox.release',
  'inbox.reassign',
  'inbox.take_over',
  'inbox.reply',
  'inbox.note',
  'snippet.create',
  'snippet.update',
  'snippet.delete',
  'settings.update',
  'moderation.claim',
  'moderation.release',
  'moderation.decide',
  'moderation.lift',
  'moderation.export',
  'site.update',
  'member.note',
  'member.refund',
  'member.credit_back',
  'member.grant',
  'member.adjustment_requested',
  'approval.approve',
  'approval.refuse',
  'member.password_reset',
  'member.activation_resent',
  'member.email_change',
  'member.two_factor_reset',
  'member.export',
  'member.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'staff',
  'member',
  'persona',
  'conversation',
  'snippet',
  'site',
  'moderation_item',
] as const;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

/** A page of the audit log holds this many entries at most. */
export const AUDIT_PAGE_SIZE = 50;

const id = z.coerce.number<string>().int().positive();
const time = z.coerce.number<string>().int().nonnegative();

/** GET /api/console/audit: every filter narrows; `before` is the previous page's `next_before`. */
export const AuditQuerySchema = z.object({
  staff_id: id.optional(),
  action: z.string().trim().min(1).max(100).optional(),
  target_type: AuditTargetTypeSchema.optional(),
  target_id: id.optional(),
  /** Epoch milliseconds, inclusive. */
  from: time.optional(),
  /** Epoch milliseconds, exclusive. */
  to: time.optional(),
  before: id.optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  site_id: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Newest first; `next_before` is null on the last page. */
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_before: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
