import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Fixed on purpose: the key must come out the same on every node and after every restart.
const HKDF_SALT = 'rendezvous/console';
const HKDF_INFO = 'totp-secret/aes-256-gcm/v1';

/**
 * Staff TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from SESSION_SECRET,
 * so a copy of the database alone opens no console account. The price: a new SESSION_SECRET
 * leaves the stored secrets unreadable, and every staff member enrols again (an admin resets
 * their two-factor login; admins reset their own with `npm run console:admin`).
 */
export function createTotpSecretBox(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, HKDF_SALT, HKDF_INFO, 32));
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
