import { describe, expect, it } from 'vitest';
import { fromMollieAmount, toMollieAmount } from './mollie-amount.js';

describe('Mollie amounts', () => {
  it.each([
    [{ amount: 1000, currency: 'EUR' }, '10.00'],
    [{ amount: 5, currency: 'PLN' }, '0.05'],
    [{ amount: 0, currency: 'GBP' }, '0.00'],
    [{ amount: 1500, currency: 'JPY' }, '1500'],
    [{ amount: -250, currency: 'EUR' }, '-2.50'],
  ])('writes %o as "%s" and reads it back', (money, value) => {
    expect(toMollieAmount(money)).toEqual({ currency: money.currency, value });
    expect(fromMollieAmount({ currency: money.currency, value })).toEqual(money);
  });

  it('reads values without floating-point drift and pads short fractions', () => {
    expect(fromMollieAmount({ currency: 'EUR', value: '0.29' }).amount).toBe(29);
    expect(fromMollieAmount({ currency: 'EUR', value: '19.9' }).amount).toBe(1990);
    expect(fromMollieAmount({ currency: 'EUR', value: '7' }).amount).toBe(700);
  });

  it('refuses a value finer than the currency allows or not a number at all', () => {
    expect(() => fromMollieAmount({ currency: 'JPY', value: '10.5' })).toThrow(/finer than/);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1,00' })).toThrow(/not a decimal/);
    expect(fromMollieAmount({ currency: 'JPY', value: '10.00' }).amount).toBe(10);
  });
});
