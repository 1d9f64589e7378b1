import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * FlexPay's signature (https://controlcenter.verotel.com/flexpay-doc/): the hex SHA-256 of the
 * website's signature key followed by `name=value` pairs sorted by name, all joined with ":".
 * Values are signed as sent, before URL encoding.
 */
export type FlexPayParams = Record<string, string>;

/**
 * The request parameters FlexPay signs when we send the member to it (startorder, salestatus).
 * Others it receives unsigned, by design: `email` and `oneClickToken` (its documentation says so).
 */
const SIGNED_REQUEST_PARAMS = new Set([
  'version',
  'shopID',
  'type',
  'priceAmount',
  'priceCurrency',
  'paymentMethod',
  'description',
  'referenceID',
  'saleID',
  'custom1',
  'custom2',
  'custom3',
  'subscriptionType',
  'period',
  'name',
  'trialAmount',
  'trialPeriod',
  'cancelDiscountPercentage',
  'successURL',
  'declineURL',
  'precedingSaleID',
  'upgradeOption',
]);

function digest(algorithm: 'sha256' | 'sha1', key: string, params: FlexPayParams): string {
  const pairs = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`);
  return createHash(algorithm)
    .update([key, ...pairs].join(':'), 'utf8')
    .digest('hex');
}

/** The signature of a request we send; parameters FlexPay does not sign are left out of it. */
export function signFlexPayRequest(key: string, params: FlexPayParams): string {
  const signed = Object.fromEntries(Object.entries(params).filter(([name]) => SIGNED_REQUEST_PARAMS.has(name)));
  return digest('sha256', key, signed);
}

function sameHex(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a postback or return from FlexPay is authentic: its signature covers every other
 * parameter it carries. Verotel's own clients still accept the SHA-1 form of older accounts, so
 * this does too; both need the secret key.
 */
export function hasValidFlexPaySignature(key: string, params: FlexPayParams): boolean {
  const { signature, ...signed } = params;
  if (!signature) return false;
  return sameHex(signature, digest('sha256', key, signed)) || sameHex(signature, digest('sha1', key, signed));
}
