/** What the account flows need from the mail feature; `main` wires the real service in. */
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
