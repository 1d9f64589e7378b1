import { minorUnitDigits } from '../../lib/format-money';

/** The spending limit's section of the member's own page (/profile), where the checkout and /credits link. */
export const SPENDING_LIMIT_ID = 'spending-limit';
export const SPENDING_LIMIT_PATH = `/profile#${SPENDING_LIMIT_ID}`;

/** What a member types as money: whole units with an optional point or comma and up to the currency's decimals. */
const amountPattern = (digits: number) => new RegExp(`^\\d{1,9}(?:[.,]\\d{1,${Math.max(digits, 1)}})?$`);

/**
 * A typed limit in minor units: null for an empty field (no limit), undefined for something
 * that is not an amount. "25,5" in euros is 2550.
 */
export function parseLimit(text: string, currency: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const digits = minorUnitDigits(currency);
  if (!amountPattern(digits).test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split(/[.,]/);
  if (fraction.length > digits) return undefined;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** A limit in minor units as the field shows it: "25.50", plain digits so it can be typed over. */
export function limitText(amount: number | null, currency: string): string {
  if (amount === null) return '';
  const digits = minorUnitDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}
