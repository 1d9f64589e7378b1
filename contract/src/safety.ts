import { z } from 'zod';
import { VALIDATION } from './validation.js';

const id = z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);

/** POST and DELETE /api/block.php — ours: a block hides both members from each other everywhere. */
export const BlockRequestSchema = z.object({ profile: id });

/** GET /api/block.php: the members this member blocked, to undo one from their settings. */
export const BlockedResponseSchema = z.object({
  blocked: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BlockedResponse = z.infer<typeof BlockedResponseSchema>;

export const REPORT_REASONS = ['spam', 'scam', 'abuse', 'underage', 'fake', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReasonSchema>;
export const REPORT_NOTE_MAX_LENGTH = 1000;

/** POST /api/report.php — ours: stored for the operator, with the conversation when there is one. */
export const ReportRequestSchema = z.object({
  profile: id,
  conversation: id.optional(),
  reason: ReportReasonSchema,
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, VALIDATION.tooLong).optional(),
});
export type ReportRequest = z.input<typeof ReportRequestSchema>;
export const ReportResponseSchema = z.object({ reported: z.literal(true) });
