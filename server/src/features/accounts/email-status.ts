import { createHmac } from 'node:crypto';
import { EmailSchema, type ValidateEmailResponse } from '@rendezvous/contract';
import type { AccountsRepository } from './accounts.repository.js';

type EmailStatus = ValidateEmailResponse['status'];

/** Spec §4 e-mail check: new, or why the address cannot sign up on this site. */
export async function emailStatus(
  accounts: Pick<AccountsRepository, 'statusOfEmail'>,
  siteId: number,
  email: string,
): Promise<EmailStatus> {
  if (!EmailSchema.safeParse(email).success) return 'invalid';
  const status = await accounts.statusOfEmail(siteId, email);
  if (!status) return 'new';
  // A banned or suspended address is told only that it cannot be used, not why; a retired persona's was never a person's.
  return status === 'banned' || status === 'suspended' || status === 'retired' ? 'invalid' : status;
}

/** Proof that this server checked this address for this site; the sign-up may echo it back. */
export function emailCheckToken(secret: string, siteId: number, email: string): string {
  return createHmac('sha256', secret).update(`${siteId}:${email.trim().toLowerCase()}`).digest('base64url');
}
