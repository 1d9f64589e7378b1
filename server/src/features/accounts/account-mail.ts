import type { MailService } from '../../platform/mail/mail.service.js';

/** What the account flows need from the mail service; `app.ts` wires the real one in. */
export type AccountMail = Pick<MailService, 'send' | 'wasDelivered' | 'inBackground'>;

export { memberMailTo as accountMailTo } from '../../platform/mail/mail.service.js';
