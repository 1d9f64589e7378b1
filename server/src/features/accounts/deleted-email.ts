import { createHash } from 'node:crypto';

/**
 * A deleted account keeps no readable address, only this fingerprint, so the
 * e-mail check can still tell a returning visitor that the address was deleted.
 */
export function deletedEmailKey(email: string): string {
  return `deleted:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}
