import { MAX_AGE, MIN_AGE, VALIDATION, isValidDateOfBirth, type Locale } from '@rendezvous/contract';

export type DatePart = 'day' | 'month' | 'year';
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };

/**
 * Spec §5: the selects follow the order people write dates in (DMY, MDY or YMD). Fixed per
 * interface language rather than read from Intl, so the server and every browser agree.
 */
const FIELD_ORDER: Record<Locale | 'pseudo', readonly DatePart[]> = {
  en: ['month', 'day', 'year'],
  nl: ['day', 'month', 'year'],
  de: ['day', 'month', 'year'],
  it: ['day', 'month', 'year'],
  fr: ['day', 'month', 'year'],
  es: ['day', 'month', 'year'],
  pl: ['day', 'month', 'year'],
  pseudo: ['day', 'month', 'year'],
};

export function dateFieldOrder(locale: Locale | 'pseudo'): readonly DatePart[] {
  return FIELD_ORDER[locale];
}

/** Birth years from MAX_AGE years ago up to MIN_AGE years ago (spec §5: 18 to 100). */
export function birthYears(today: Date): number[] {
  const current = today.getUTCFullYear();
  const years: number[] = [];
  for (let year = current - MAX_AGE; year <= current - MIN_AGE; year += 1) years.push(year);
  return years;
}

/** The earliest and latest birth date, for the native date input's min and max. */
export function birthDateBounds(today: Date): { min: string; max: string } {
  const iso = (years: number) => {
    const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
    return date.toISOString().slice(0, 10);
  };
  return { min: iso(MAX_AGE), max: iso(MIN_AGE) };
}

export function splitIsoDate(iso: string | null | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!match) return EMPTY_DATE;
  return { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) };
}

/** 'YYYY-MM-DD' once all three parts are chosen, '' when none are, null when only some are. */
export function joinDateParts(parts: DateParts): string | null {
  const { day, month, year } = parts;
  if (!day && !month && !year) return '';
  if (!day || !month || !year) return null;
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * Spec §5: a real calendar date of someone at least MIN_AGE old, or nothing at all (the date is
 * optional). A half-filled date counts as wrong. Returns the catalogue key of the problem.
 */
export function dateOfBirthProblem(parts: DateParts, today: Date): string | null {
  const iso = joinDateParts(parts);
  if (iso === '') return null;
  if (iso === null || !isValidDateOfBirth(iso, today)) return VALIDATION.dateOfBirth;
  return null;
}
