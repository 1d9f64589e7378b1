import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@rendezvous/contract';

// Lower case without 0/o, 1/l/i: the codes are printed or written down and typed back.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF_LENGTH = 5;

const half = () => Array.from({ length: HALF_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten codes of two halves (`k3m9p-x7qrt`, about 50 bits each): shown once, stored only as hashes. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** The stored form: case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
