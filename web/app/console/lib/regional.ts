import { REGIONAL_CODES } from '@rendezvous/contract';
import { useLocale } from '../../lib/locale';

/** The regional format of the console's language, for dates and numbers. */
export function useRegional(): string {
  const { locale } = useLocale();
  return locale === 'pseudo' ? REGIONAL_CODES.en : REGIONAL_CODES[locale];
}

export function formatDateTime(epochMs: number, regional: string): string {
  return new Intl.DateTimeFormat(regional, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs));
}

/** Minor units as the console's language writes money; a currency without cents (the yen) has none to divide. */
export function formatMinorMoney(minor: number, currency: string, regional: string): string {
  const format = new Intl.NumberFormat(regional, { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
