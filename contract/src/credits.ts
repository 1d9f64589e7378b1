import { z } from 'zod';

/** Why a member's balance changed: each ledger row names one. */
export const CREDIT_REASONS = ['welcome', 'demo', 'message', 'purchase', 'refund', 'operator'] as const;
export const CreditReasonSchema = z.enum(CREDIT_REASONS);
export type CreditReason = z.infer<typeof CreditReasonSchema>;

/** What one message costs: credits, and that in money in the member's country's currency (spec §9). */
export const MessageCostInfoSchema = z.object({
  credits: z.number().int(),
  costs: z.number(),
  currency: z.string().length(3),
});
export type MessageCostInfo = z.infer<typeof MessageCostInfoSchema>;

/** GET /api/credits.php — ours: the balance, the price of a message, and the latest ledger rows. */
export const CreditsResponseSchema = z.object({
  balance: z.number().int(),
  message_cost: MessageCostInfoSchema,
  ledger: z.array(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      reason: CreditReasonSchema,
      created_at: z.string(),
    }),
  ),
});
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;
