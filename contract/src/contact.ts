import { z } from 'zod';
import { EmailSchema } from './accounts.js';
import { NAME_MAX } from './fields.js';
import { VALIDATION } from './validation.js';

/** POST /api/contact.php: the service page's contact form (ours; the spec names the form, not the call). */
export const CONTACT_PATH = '/api/contact.php';
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

const required = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(max, VALIDATION.tooLong);

/**
 * What a member sends: their name and address come from the session. The subject is one line,
 * since it becomes the subject of the mail to support.
 */
export const ContactRequestSchema = z.object({
  subject: required(CONTACT_SUBJECT_MAX).refine((value) => !/[\r\n]/.test(value), VALIDATION.controlCharacters),
  message: required(CONTACT_MESSAGE_MAX),
  /** The interface language, for the confirmation mail. */
  language: z.string().max(10).nullish(),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

/** A visitor also says who they are and where the answer should go. */
export const VisitorContactRequestSchema = ContactRequestSchema.extend({
  name: required(NAME_MAX),
  email: EmailSchema,
});
export type VisitorContactRequest = z.input<typeof VisitorContactRequestSchema>;

export const ContactSentSchema = z.object({ sent: z.literal(true) });
export type ContactSent = z.infer<typeof ContactSentSchema>;
