import { z } from 'zod';

export const ERROR_CODES = [
  'validation_failed',
  'not_logged_in',
  'invalid_credentials',
  'signups_closed',
  'already_confirmed',
  'csrf_failed',
  'not_found',
  'unknown_host',
  'rate_limited',
  'payload_too_large',
  'cams_not_offered',
  'cams_not_eligible',
  'cam_not_found',
  'partner_not_configured',
  'partner_unavailable',
  'insufficient_credits',
  'member_unavailable',
  'email_not_confirmed',
  'blocked',
  'forbidden',
  'two_factor_required',
  'reconfirm_required',
  'claimed_by_other',
  'claim_required',
  'capacity_reached',
  'last_admin',
  'payment_method_unavailable',
  'spending_blocked',
  'spending_limit_reached',
  'premium_running',
  'own_decision',
  'item_decided',
  'settings_changed',
  'not_refundable',
  'refund_failed',
  'approval_decided',
  'photo_in_review',
  'internal',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Every failing API call answers with this body (architecture: Requests). */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Field path (dot-joined) to the reason it was refused. */
    fields: z.record(z.string(), z.string()).optional(),
    /** With `claimed_by_other` (operator console): the staff member who holds the conversation. */
    holder: z.object({ id: z.number().int(), name: z.string() }).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
