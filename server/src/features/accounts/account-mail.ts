import type { SiteConfig } from '@rendezvous/contract';
import type { MemberRow } from '../../db/schema.js';
import type { MailMessage, MailService } from '../../platform/mail/mail.service.js';

/** What the account flows need from the mail service; `app.ts` wires the real one in. */
export type AccountMail = Pick<MailService, 'send' | 'wasDelivered'>;

/** A mail to the member, in their language, from their site. */
export function accountMailTo(
  member: Pick<MemberRow, 'id' | 'email' | 'language' | 'name'>,
  site: SiteConfig,
  link?: string,
): MailMessage {
  return {
    to: member.email,
    memberId: member.id,
    locale: member.language,
    siteName: site.name,
    supportEmail: site.support_email,
    fromAddress: `${site.name} <${site.email}>`,
    recipientName: member.name,
    ...(link ? { link } : {}),
  };
}
