import { afterEach, describe, expect, it, vi } from 'vitest';
import { datePatternsFor, PATTERNED_FORMATS } from './date-patterns';
import { adoptDatePatterns, dateTimeFormat, formatFullTime } from './dates';

describe('formatFullTime', () => {
  it('writes the date and time the way the member’s region does', () => {
    const iso = '2026-03-07T15:04:00Z';
    const local = new Date(iso);
    const expected = (regional: string) =>
      new Intl.DateTimeFormat(regional, { dateStyle: 'medium', timeStyle: 'short' }).format(local);
    expect(formatFullTime(iso, 'de-DE')).toBe(expected('de-DE'));
    expect(formatFullTime(iso, 'en-GB')).toBe(expected('en-GB'));
    expect(formatFullTime(iso, 'de-DE')).not.toBe(formatFullTime(iso, 'en-GB'));
    expect(formatFullTime(iso, 'pl-PL')).toContain('2026');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatFullTime('not a date', 'en-GB')).toBe('');
  });
});

describe('a page’s date patterns', () => {
  afterEach(() => vi.restoreAllMocks());

  it('format those formats without making a browser formatter', () => {
    const iso = '2026-03-07T15:04:00Z';
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('it-IT', options).format(new Date(iso));
    const expected = [intl({ dateStyle: 'medium', timeStyle: 'short' }), intl({ day: 'numeric', month: 'short' })];
    adoptDatePatterns('it-IT', datePatternsFor('it-IT'));
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect([
      formatFullTime(iso, 'it-IT'),
      dateTimeFormat('it-IT', PATTERNED_FORMATS.dayMonth).format(new Date(iso)),
    ]).toEqual(expected);
    expect(made).not.toHaveBeenCalled();
  });
});
