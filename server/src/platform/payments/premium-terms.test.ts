import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/time.js';
import { addMonths, messageCreditsFor, withdrawalRefund, withdrawalUntil } from './premium-terms.js';

const utc = (text: string) => Date.parse(`${text}Z`);

describe('premium terms', () => {
  it('counts calendar months, ending on the last day of a shorter month', () => {
    expect(new Date(addMonths(utc('2026-01-31T10:00:00'), 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addMonths(utc('2028-01-31T10:00:00'), 1)).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(new Date(addMonths(utc('2026-11-15T08:30:00'), 3)).toISOString()).toBe('2027-02-15T08:30:00.000Z');
  });

  it('keeps the withdrawal open for 14 days from the contract', () => {
    expect(withdrawalUntil(utc('2026-11-01T12:00:00'))).toBe(utc('2026-11-01T12:00:00') + 14 * DAY_MS);
  });

  it('refunds the price less the days used, in the member’s favour', () => {
    const start = utc('2026-11-01T00:00:00');
    const end = start + 30 * DAY_MS;
    expect(withdrawalRefund(1995, start, end, start)).toBe(1995);
    expect(withdrawalRefund(1995, start, end, start + 3 * DAY_MS)).toBe(1796);
    expect(withdrawalRefund(1995, start, end, end + DAY_MS)).toBe(0);
  });

  it('takes premium’s discount off a message, never down to nothing', () => {
    const site = {
      message_credits: 10,
      premium: {
        benefits: { no_ads: true, message_discount_percent: 25, monthly_bonus_credits: 0 },
        plans: [],
      },
    };
    expect(messageCreditsFor(site, false)).toBe(10);
    expect(messageCreditsFor(site, true)).toBe(8);
    expect(messageCreditsFor({ ...site, message_credits: 1 }, true)).toBe(1);
    expect(messageCreditsFor({ message_credits: 10 }, true)).toBe(10);
  });
});
