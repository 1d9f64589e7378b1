import { formatWithPattern, PATTERNED_FORMATS, type DatePattern, type PatternedFormat } from './date-patterns';

type DateFormatter = Pick<Intl.DateTimeFormat, 'format'>;

// Making a formatter costs far more than formatting with one: a chat list of 30 chats made 60 as
// it hydrated, a long task on a phone (issue 17). One per language and options, made on first use.
const formatters = new Map<string, DateFormatter>();
const keyOf = (regional: string, options: Intl.DateTimeFormatOptions) => `${regional} ${JSON.stringify(options)}`;

/** The date-time formatter for this regional code and these options, made once. */
export function dateTimeFormat(regional: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = keyOf(regional, options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(regional, options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * The patterns a page came with (`date-patterns.ts`) format those formats in that language from
 * now on, in place of the browser's formatter, whose first use loads its locale data.
 */
export function adoptDatePatterns(regional: string, patterns: Partial<Record<PatternedFormat, DatePattern>>): void {
  for (const [name, pattern] of Object.entries(patterns) as [PatternedFormat, DatePattern][]) {
    const key = keyOf(regional, PATTERNED_FORMATS[name]);
    if (!formatters.has(key))
      formatters.set(key, { format: (date) => formatWithPattern(pattern, new Date(date ?? Date.now())) });
  }
}

/** Date and time in full in the member's regional format (chats' tooltips, the credits ledger, notifications). */
export function formatFullTime(iso: string, regional: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(regional, PATTERNED_FORMATS.full).format(date);
}
