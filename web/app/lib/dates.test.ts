import { describe, expect, it } from 'vitest';
import { formatFullTime } from './dates';

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
