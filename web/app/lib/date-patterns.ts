/**
 * Dates and times in a language's format without the browser's Intl (issue 17). The browser's
 * first `Intl.DateTimeFormat` loads its locale and time-zone data: 30 to 100 ms on a desktop, a
 * long task on a phone, on every page that shows a time as it hydrates. The server, which has that
 * data loaded, takes each format apart into a pattern once per language; the browser fills it with
 * the date's local fields, which cost nothing. A pattern is only made when it gives exactly what
 * Intl gives on a range of dates; otherwise the browser's own formatter is used.
 */

export type DatePatternPart =
  | string
  | { k: 'hour'; cycle: 'h11' | 'h12' | 'h23' | 'h24'; pad: boolean }
  | { k: 'minute' | 'day'; pad: boolean }
  | { k: 'month'; pad: boolean; names?: string[] }
  | { k: 'year'; digits: 2 | 4 }
  | { k: 'period'; am: string; pm: string };

export type DatePattern = DatePatternPart[];

/**
 * The formats a page may get patterns for, by name: the chat list's and the chat's times, and the
 * full time of notifications, the credits ledger and orders.
 */
export const PATTERNED_FORMATS = {
  time: { hour: '2-digit', minute: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthYear: { day: 'numeric', month: 'short', year: 'numeric' },
  full: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type PatternedFormat = keyof typeof PATTERNED_FORMATS;

const pad2 = (value: number) => String(value).padStart(2, '0');

function hourIn(cycle: 'h11' | 'h12' | 'h23' | 'h24', hours: number): number {
  if (cycle === 'h23') return hours;
  if (cycle === 'h24') return hours === 0 ? 24 : hours;
  if (cycle === 'h11') return hours % 12;
  return hours % 12 === 0 ? 12 : hours % 12;
}

/** The date in the pattern, in the browser's own time zone. */
export function formatWithPattern(pattern: DatePattern, date: Date): string {
  return pattern
    .map((part) => {
      if (typeof part === 'string') return part;
      switch (part.k) {
        case 'hour': {
          const hour = hourIn(part.cycle, date.getHours());
          return part.pad ? pad2(hour) : String(hour);
        }
        case 'minute':
          return part.pad ? pad2(date.getMinutes()) : String(date.getMinutes());
        case 'day':
          return part.pad ? pad2(date.getDate()) : String(date.getDate());
        case 'month':
          if (part.names) return part.names[date.getMonth()] ?? '';
          return part.pad ? pad2(date.getMonth() + 1) : String(date.getMonth() + 1);
        case 'year':
          return part.digits === 2 ? pad2(date.getFullYear() % 100) : String(date.getFullYear());
        case 'period':
          return date.getHours() < 12 ? part.am : part.pm;
      }
    })
    .join('');
}

// A day, month, hour and minute of one digit show whether a format pads them; the others try
// noon, midnight, two-digit fields and another year.
const REFERENCE = () => new Date(2026, 0, 5, 3, 7);
const SAMPLES = () => [
  REFERENCE(),
  new Date(2026, 11, 25, 15, 59),
  new Date(2027, 9, 31, 0, 0),
  new Date(2026, 6, 15, 12, 30),
  new Date(2025, 3, 9, 23, 45),
];

function partAt(format: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes): string {
  return format.formatToParts(date).find((part) => part.type === type)?.value ?? '';
}

/** The format as a pattern, or null where it has a part a pattern cannot give exactly. */
export function datePatternOf(regional: string, options: Intl.DateTimeFormatOptions): DatePattern | null {
  const format = new Intl.DateTimeFormat(regional, options);
  const pattern: DatePattern = [];
  for (const part of format.formatToParts(REFERENCE())) {
    switch (part.type) {
      case 'literal':
        pattern.push(part.value);
        break;
      case 'hour':
        pattern.push({ k: 'hour', cycle: format.resolvedOptions().hourCycle ?? 'h23', pad: part.value.length === 2 });
        break;
      case 'minute':
      case 'day':
        pattern.push({ k: part.type, pad: part.value.length === 2 });
        break;
      case 'month':
        pattern.push(
          /^\d+$/.test(part.value)
            ? { k: 'month', pad: part.value.length === 2 }
            : {
                k: 'month',
                pad: false,
                names: Array.from({ length: 12 }, (_, month) =>
                  partAt(format, new Date(2026, month, 5, 3, 7), 'month'),
                ),
              },
        );
        break;
      case 'year':
        pattern.push({ k: 'year', digits: part.value.length === 2 ? 2 : 4 });
        break;
      case 'dayPeriod':
        pattern.push({
          k: 'period',
          am: partAt(format, REFERENCE(), 'dayPeriod'),
          pm: partAt(format, new Date(2026, 0, 5, 15, 7), 'dayPeriod'),
        });
        break;
      default:
        return null;
    }
  }
  // V8's format() writes the narrow no-break space ICU puts before "AM" as a plain one, for the
  // web's sake; formatToParts() does not.
  const spaced = pattern.map((part) => (typeof part === 'string' ? part.replace(/\u202f/g, ' ') : part));
  return (
    [pattern, spaced].find((candidate) =>
      SAMPLES().every((date) => formatWithPattern(candidate, date) === format.format(date)),
    ) ?? null
  );
}

/** The patterned formats a language has patterns for (the server makes these once per language). */
export function datePatternsFor(regional: string): Partial<Record<PatternedFormat, DatePattern>> {
  const patterns: Partial<Record<PatternedFormat, DatePattern>> = {};
  for (const [name, options] of Object.entries(PATTERNED_FORMATS) as [PatternedFormat, Intl.DateTimeFormatOptions][]) {
    const pattern = datePatternOf(regional, options);
    if (pattern) patterns[name] = pattern;
  }
  return patterns;
}
