import type { Money } from '@rendezvous/contract';
import { numberFormat } from './number-format';

/** Money in the interface language's notation, e.g. "€ 1,50" in Dutch and "€1.50" in English. */
export function formatMoney(amount: number, currency: string, regional: string): string {
  try {
    return numberFormat(regional, { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code: still readable.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** How many decimals a currency's minor units make (2 for cents, 0 for yen). */
export function minorUnitDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code: cents, as most have.
    return 2;
  }
}

/** Payment amounts come in minor units (cents, grosze); the currency says how many make one. */
export function formatMinorUnits({ amount, currency }: Money, regional: string): string {
  return formatMoney(amount / 10 ** minorUnitDigits(currency), currency, regional);
}

/** A percentage as the language writes it ("20 %" or "20%"). */
export function formatPercent(percent: number, regional: string): string {
  return numberFormat(regional, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A VAT rate in basis points (2100) as the percentage people read ("21 %" or "21%"). */
export function formatVatRate(basisPoints: number, regional: string): string {
  return formatPercent(basisPoints / 100, regional);
}

/** A number of months in the language's own plural ("1 month", "3 Monate", "5 miesięcy"). */
export function formatMonths(months: number, regional: string): string {
  return numberFormat(regional, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months);
}
