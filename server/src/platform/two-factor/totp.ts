import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** One step either way: a phone's clock a little off, or a code typed as it changes, still counts. */
const DRIFT_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** What an authenticator app needs to start: the `otpauth:` address, as a QR code and as the bare secret. */
export interface TotpEnrolmentOffer {
  otpauth_uri: string;
  /** An SVG data URL, made here: a secret never goes to a third party to be drawn. */
  qr_code: string;
  secret: string;
}

/** `issuer` is the name the app shows above the code (the console, a member's site); `label` the account. */
export async function totpEnrolmentOffer(issuer: string, label: string, secret: string): Promise<TotpEnrolmentOffer> {
  const uri = generateURI({ issuer, label, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
}

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
