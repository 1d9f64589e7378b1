import { describe, expect, it } from 'vitest';
import { rateOn, splitGross } from './vat-rates.js';

describe('VAT rates', () => {
  it('gives each country the rate of the day', () => {
    expect(rateOn('NL', new Date('2026-11-28'))).toBe(2100);
    expect(rateOn('DE', new Date('2026-11-28'))).toBe(1900);
    expect(rateOn('HU', new Date('2026-11-28'))).toBe(2700);
    expect(rateOn('GB', new Date('2026-11-28'))).toBe(2000);
    expect(rateOn('AU', new Date('2026-11-28'))).toBe(1000);
    expect(rateOn('NZ', new Date('2026-11-28'))).toBe(1500);
  });

  it('changes a rate on the day the new one applies, not before', () => {
    expect(rateOn('FI', new Date('2024-08-31T23:59:59Z'))).toBe(2400);
    expect(rateOn('FI', new Date('2024-09-01T00:00:00Z'))).toBe(2550);
    expect(rateOn('EE', new Date('2025-06-30'))).toBe(2200);
    expect(rateOn('EE', new Date('2025-07-01'))).toBe(2400);
    expect(rateOn('RO', new Date('2026-01-01'))).toBe(2100);
  });

  it('charges no VAT where none is registered', () => {
    expect(rateOn('US', new Date('2026-11-28'))).toBe(0);
    expect(rateOn('CA', new Date('2026-11-28'))).toBe(0);
  });
});

describe('splitting a price that includes VAT', () => {
  it('splits 9.95 at 21 % into 8.22 net and 1.73 VAT', () => {
    expect(splitGross(995, 2100)).toEqual({ net: 822, vat: 173, gross: 995 });
  });

  it('rounds an exact half cent of VAT up', () => {
    // At 20 % the VAT is a sixth of the price: 3 → 0.5, 9 → 1.5.
    expect(splitGross(3, 2000)).toEqual({ net: 2, vat: 1, gross: 3 });
    expect(splitGross(9, 2000)).toEqual({ net: 7, vat: 2, gross: 9 });
    expect(splitGross(121, 2100)).toEqual({ net: 100, vat: 21, gross: 121 });
  });

  it('rounds just below and just above a half to the nearer cent', () => {
    // 3 × 21 / 121 = 0.52… → 1; 2 × 21 / 121 = 0.347… → 0.
    expect(splitGross(3, 2100).vat).toBe(1);
    expect(splitGross(2, 2100).vat).toBe(0);
    // 1 cent at 25.5 %: 0.203… → 0, so the whole cent is net.
    expect(splitGross(1, 2550)).toEqual({ net: 1, vat: 0, gross: 1 });
  });

  it('keeps net plus VAT equal to the price for every amount', () => {
    for (const rate of [0, 1000, 1900, 2100, 2550, 2700]) {
      for (let gross = 0; gross < 3000; gross += 7) {
        const split = splitGross(gross, rate);
        expect(split.net + split.vat).toBe(gross);
        expect(Math.abs(split.vat - (gross * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('takes no VAT at a zero rate', () => {
    expect(splitGross(999, 0)).toEqual({ net: 999, vat: 0, gross: 999 });
  });
});
