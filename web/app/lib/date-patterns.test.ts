import { REGIONAL_CODES } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import {
  datePatternOf,
  datePatternsFor,
  formatWithPattern,
  PATTERNED_FORMATS,
  type PatternedFormat,
} from './date-patterns';

// Every hour of a day at a few minutes, every month, and a year of two digits and of four.
const DATES = [
  ...Array.from({ length: 24 }, (_, hour) => new Date(2026, 10, 29, hour, hour * 2)),
  ...Array.from({ length: 12 }, (_, month) => new Date(2027, month, month + 9, 12, 0)),
  new Date(2009, 2, 1, 0, 5),
  new Date(1999, 11, 31, 23, 59),
];

describe('date patterns', () => {
  for (const regional of Object.values(REGIONAL_CODES)) {
    it(`give what Intl gives in ${regional}`, () => {
      const patterns = datePatternsFor(regional);
      for (const [name, options] of Object.entries(PATTERNED_FORMATS) as [
        PatternedFormat,
        Intl.DateTimeFormatOptions,
      ][]) {
        const pattern = patterns[name];
        expect(pattern, name).toBeDefined();
        const intl = new Intl.DateTimeFormat(regional, options);
        for (const date of DATES)
          expect(formatWithPattern(pattern ?? [], date), `${name} ${date}`).toBe(intl.format(date));
      }
    });
  }

  it('are not made for a format with a part they cannot give, such as the weekday', () => {
    expect(datePatternOf('en-US', { weekday: 'long', hour: 'numeric' })).toBeNull();
    expect(datePatternOf('en-US', { hour: 'numeric', timeZoneName: 'short' })).toBeNull();
  });
});
