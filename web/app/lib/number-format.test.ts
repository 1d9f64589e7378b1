import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatMoney, minorUnitDigits } from './format-money';
import { numberFormat } from './number-format';

describe('number formatters', () => {
  it('are made once per language and options, however often a page formats', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      const first = numberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
      for (let row = 0; row < 30; row += 1) formatMoney(row, 'EUR', 'nl-NL');
      expect(numberFormat('nl-NL', { style: 'currency', currency: 'EUR' })).toBe(first);
      expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).not.toBe(first);
      expect(numberFormat('nl-NL', { signDisplay: 'always' })).not.toBe(first);
      expect(made).toBe(3);
    } finally {
      Intl.NumberFormat = Original;
    }
  });

  it('write what Intl writes', () => {
    expect(formatMoney(1.5, 'EUR', 'nl-NL')).toBe(
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(1.5),
    );
    // Cents and yen: the currency says how many minor units make one.
    expect(formatMinorUnits({ amount: 995, currency: 'EUR' }, 'de-DE')).toBe(formatMoney(9.95, 'EUR', 'de-DE'));
    expect(formatMinorUnits({ amount: 995, currency: 'EUR' }, 'de-DE')).toMatch(/^9,95\s€$/);
    expect(formatMinorUnits({ amount: 500, currency: 'JPY' }, 'en-US')).toBe('¥500');
    expect(numberFormat('pl-PL', { signDisplay: 'always' }).format(-3)).toBe('-3');
  });

  it('still write an unknown currency, which Intl refuses', () => {
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'XX' })).toThrow(RangeError);
    expect(formatMoney(2, 'XX', 'en-US')).toBe('2.00 XX');
    expect(minorUnitDigits('XX')).toBe(2);
  });
});
