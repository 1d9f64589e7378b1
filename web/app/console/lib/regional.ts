import { regionalCodeOf } from '../../lib/country-display-names';
import { dateTimeFormat } from '../../lib/dates';
import { formatMinorUnits } from '../../lib/format-money';
import { useLocale } from '../../lib/locale';

/** The regional format of the console's language, for dates and numbers. */
export function useRegional(): string {
  return regionalCodeOf(useLocale().locale);
}

export function formatDateTime(epochMs: number, regional: string): string {
  return dateTimeFormat(regional, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs));
}

/** Minor units as the console's language writes money; a currency without cents (the yen) has none to divide. */
export function formatMinorMoney(minor: number, currency: string, regional: string): string {
  return formatMinorUnits({ amount: minor, currency }, regional);
}
