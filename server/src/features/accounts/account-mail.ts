import type { SiteConfig } from '@rendezvous/contract';
import type { MemberRow } from '../../db/schema.js';

/** What the account flows need from the mail feature; `app.ts` wires the real service in. */
export type AccountMailKind =
  'activation' | 'password_reset' | 'email_change_confirm' | 'email_change_notice' | 'account_deleted';

export interface AccountMailMessage {
  to: string;
  memberId: number;
  locale: string;
  siteName: string;
  supportEmail: string;
  fromAddress: string;
  recipientName: string;
  link?: string;
}

export interface AccountMail {
  send(kind: AccountMailKind, message: AccountMailMessage): Promise<{ accepted: boolean }>;
  /** null until a mail of this kind was handed to the mail server. */
  wasDelivered(memberId: number, kind: AccountMailKind): Promise<boolean | null>;
}

/** A mail to the member, in their language, from their site. */
export function accountMailTo(
  member: Pick<MemberRow, 'id' | 'email' | 'language' | 'name'>,
  site: SiteConfig,
  link?: string,
): AccountMailMessage {
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
