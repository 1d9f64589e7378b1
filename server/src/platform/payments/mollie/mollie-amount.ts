import type { Money } from '@rendezvous/contract';

/** Mollie's amount object: a decimal string with exactly the currency's decimals ("10.00", "1000" for JPY). */
export interface MollieAmount {
  currency: string;
  value: string;
}

const DECIMAL_VALUE = /^(-?)(\d+)(?:\.(\d+))?$/;

/** ISO 4217 minor-unit digits as Intl knows them; they agree with Mollie's currency table (JPY and ISK 0, the rest 2). */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function toMollieAmount(money: Money): MollieAmount {
  const decimals = currencyDecimals(money.currency);
  const digits = Math.abs(money.amount)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const sign = money.amount < 0 ? '-' : '';
  return { currency: money.currency, value: decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}` };
}

/**
 * Reads Mollie's decimal string as integer minor units without floating point, so "0.29" is 29 and
 * never 28.999…; a value finer than the currency's minor unit is refused rather than rounded.
 */
export function fromMollieAmount(amount: MollieAmount): Money {
  const decimals = currencyDecimals(amount.currency);
  const match = DECIMAL_VALUE.exec(amount.value);
  if (!match) throw new Error(`Mollie sent an amount that is not a decimal: "${amount.value}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) {
    throw new Error(`Mollie sent ${amount.value} ${amount.currency}, finer than the currency's ${decimals} decimals`);
  }
  const minor = Number(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return { amount: sign === '-' && minor !== 0 ? -minor : minor, currency: amount.currency };
}
