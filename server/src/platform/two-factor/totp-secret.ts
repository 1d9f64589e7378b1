import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Fixed on purpose: the key must come out the same on every node and after every restart.
const HKDF_INFO = 'totp-secret/aes-256-gcm/v1';

/** Whose secrets a box seals: each has its own key, so one's sealed secret never opens as the other's. */
export type TotpSecretOwner = 'console' | 'members';

/**
 * TOTP secrets at rest (staff's, decision 013, and members' who turned two-factor login on):
 * AES-256-GCM under a key derived (HKDF-SHA-256) from SESSION_SECRET, so a copy of the database
 * alone opens no account. The price: a new SESSION_SECRET leaves the stored secrets unreadable;
 * staff enrol again (an admin resets their two-factor login; admins reset their own with
 * `npm run console:admin`), members log in with a recovery code and set it up again.
 */
export function createTotpSecretBox(sessionSecret: string, owner: TotpSecretOwner = 'console') {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, `rendezvous/${owner}`, HKDF_INFO, 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** Undefined when the secret was sealed under another key or altered. */
    open(sealed: string): string | undefined {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) return undefined;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}

export type TotpSecretBox = ReturnType<typeof createTotpSecretBox>;
