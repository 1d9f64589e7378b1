import { z } from 'zod';

/** GET /api/dev/mailbox.php: the local mailbox shown to developers while mail is not sent out. */
export const DevMailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.number().int(),
});
export const DevMailboxListSchema = z.object({ mails: z.array(DevMailSummarySchema) });
/** GET /api/dev/mailbox.php?id=… */
export const DevMailSchema = DevMailSummarySchema.extend({ html: z.string(), text: z.string() });
export type DevMailboxList = z.infer<typeof DevMailboxListSchema>;
export type DevMail = z.infer<typeof DevMailSchema>;
