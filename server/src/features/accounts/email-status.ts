import { createHmac } from 'node:crypto';
import { EmailSchema, type ValidateEmailResponse } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { deletedEmailKey } from './deleted-email.js';

type EmailStatus = ValidateEmailResponse['status'];

/** Spec §4 e-mail check: new, or why the address cannot sign up on this site. */
export async function emailStatus(db: Db, siteId: number, email: string): Promise<EmailStatus> {
  if (!EmailSchema.safeParse(email).success) return 'invalid';
  const member = await db
    .selectFrom('members')
    .select('status')
    .where('site_id', '=', siteId)
    .where('email_normalized', 'in', [email.trim().toLowerCase(), deletedEmailKey(email)])
    .orderBy('signup_at', 'desc')
    .executeTakeFirst();
  if (!member) return 'new';
  // A banned address is told only that it cannot be used, not why.
  return member.status === 'banned' ? 'invalid' : member.status;
}

/** Proof that this server checked this address for this site; the sign-up may echo it back. */
export function emailCheckToken(secret: string, siteId: number, email: string): string {
  return createHmac('sha256', secret).update(`${siteId}:${email.trim().toLowerCase()}`).digest('base64url');
}
