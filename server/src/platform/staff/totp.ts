import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The name an authenticator app shows above the code. */
export const TOTP_ISSUER = 'Rendezvous console';
/** One step either way: a phone's clock a little off, or a code typed as it changes, still counts. */
const DRIFT_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The time step the code belongs to, or null when it is wrong or not newer than `lastStep`: a
 * code seen once opens nothing again (RFC 6238 §5.2).
 */
export async function acceptTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: DRIFT_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The TOTP answer carries the step; otplib types it together with HOTP's, which does not.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an authenticator app shows at `atMs` (tests and the demo notice). */
export const totpCode = (secret: string, atMs = Date.now()): Promise<string> =>
  generate({ secret, epoch: Math.floor(atMs / 1000) });
