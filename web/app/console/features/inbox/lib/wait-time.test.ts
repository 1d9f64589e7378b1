import { describe, expect, it } from 'vitest';
import { clockOffsetOf, formatWait, isoWait } from './wait-time';

describe('waiting times', () => {
  it('reads like a clock, with hours only from the first hour', () => {
    expect(formatWait(0)).toBe('0:00');
    expect(formatWait(65_400)).toBe('1:05');
    expect(formatWait(3_725_000)).toBe('1:02:05');
    expect(isoWait(3_725_000)).toBe('PT3725S');
  });

  it('never counts below zero when the server is a little ahead', () => {
    expect(formatWait(-2_000)).toBe('0:00');
  });

  it('counts on the server clock: its lead over the browser at the answer', () => {
    expect(clockOffsetOf('2026-01-01T12:00:05.000Z', Date.parse('2026-01-01T12:00:00.000Z'))).toBe(5_000);
  });
});
