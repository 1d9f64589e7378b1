import { describe, expect, it } from 'vitest';
import { formatChatTime } from './format';

describe('formatChatTime', () => {
  const now = new Date(2026, 10, 29, 18, 30);

  it('shows the time for a message of today, the day and month for an older one, and the year for last year’s', () => {
    expect(formatChatTime(new Date(2026, 10, 29, 9, 5).toISOString(), 'en-GB', now)).toBe('09:05');
    expect(formatChatTime(new Date(2026, 10, 3, 9, 5).toISOString(), 'en-GB', now)).toBe('3 Nov');
    expect(formatChatTime(new Date(2025, 10, 3, 9, 5).toISOString(), 'en-GB', now)).toBe('3 Nov 2025');
    expect(formatChatTime(new Date(2026, 10, 3, 9, 5).toISOString(), 'de-DE', now)).toBe('3. Nov.');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatChatTime('not a date', 'en-GB', now)).toBe('');
  });
});
