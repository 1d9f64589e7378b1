import { describe, expect, it } from 'vitest';
import { formatFlexPayAmount, parseFlexPayAmount, parseStatusAnswer } from './flexpay-events.js';
import { hasValidFlexPaySignature, signFlexPayRequest } from './signature.js';

// The examples Verotel publishes with its clients (Verotel::FlexPay on CPAN, FlexPay API v3.2).
describe('FlexPay signature', () => {
  it("matches Verotel's published examples", () => {
    expect(signFlexPayRequest('mySecret', { shopID: '65147', saleID: '1485', version: '3.5' })).toBe(
      '1a24a2d189824c6800d85131f11a2fca0ebbc233f31cad6d45e947496e423ff7',
    );
    expect(
      signFlexPayRequest('mySecret', {
        period: 'P1M',
        shopID: '65147',
        subscriptionType: 'recurring',
        type: 'upgradesubscription',
        version: '3.5',
      }),
    ).toBe('2276fd3aea2ca4027641515c731c6783ec2def70504c5276c5f4599039129e52');
  });

  it('leaves the e-mail address and the one-click token out, as FlexPay does', () => {
    const base = { shopID: '65147', saleID: '1485', version: '3.5' };
    expect(signFlexPayRequest('mySecret', { ...base, email: 'anna@example.com', oneClickToken: 'tok' })).toBe(
      signFlexPayRequest('mySecret', base),
    );
  });

  it("accepts a postback signed with the account's key, in SHA-256 or the older SHA-1", () => {
    const sale = { shopID: '65147', saleID: '1485', version: '3.5' };
    expect(hasValidFlexPaySignature('mySecret', { ...sale, signature: signFlexPayRequest('mySecret', sale) })).toBe(
      true,
    );
    expect(
      hasValidFlexPaySignature('BddJxtUBkDgFB9kj7Zwguxde4gAqha', {
        custom1: 'xxyyzz',
        description: 'Super video download',
        priceAmount: '9.99',
        priceCurrency: 'USD',
        shopID: '64233',
        type: 'purchase',
        version: '3.2',
        signature: '3f27723dc11c49dbd01706410f44e6eeff9e8ebf',
      }),
    ).toBe(true);
  });

  it('refuses a missing signature, another key, or any parameter changed after signing', () => {
    const sale = { shopID: '65147', saleID: '1485', priceAmount: '9.99' };
    const signature = signFlexPayRequest('mySecret', { ...sale, version: '4' });
    expect(hasValidFlexPaySignature('mySecret', { ...sale, version: '4' })).toBe(false);
    expect(hasValidFlexPaySignature('otherSecret', { ...sale, version: '4', signature })).toBe(false);
    expect(hasValidFlexPaySignature('mySecret', { ...sale, version: '4', priceAmount: '0.99', signature })).toBe(false);
    expect(hasValidFlexPaySignature('mySecret', { ...sale, version: '4', custom1: 'x', signature })).toBe(false);
  });
});

describe('FlexPay amounts', () => {
  it('writes cents as nnn.nn and reads them back exactly', () => {
    expect(formatFlexPayAmount({ amount: 1999, currency: 'EUR' })).toBe('19.99');
    expect(formatFlexPayAmount({ amount: 5, currency: 'EUR' })).toBe('0.05');
    expect(formatFlexPayAmount({ amount: 120_000, currency: 'SEK' })).toBe('1200.00');
    expect(parseFlexPayAmount('19.99', 'EUR')).toEqual({ amount: 1999, currency: 'EUR' });
    expect(parseFlexPayAmount('10.5', 'USD')).toEqual({ amount: 1050, currency: 'USD' });
    expect(parseFlexPayAmount('7', 'GBP')).toEqual({ amount: 700, currency: 'GBP' });
    expect(parseFlexPayAmount('0.29', 'EUR')).toEqual({ amount: 29, currency: 'EUR' });
  });

  it('refuses what is not an amount rather than guess', () => {
    for (const amount of ['', '-1.00', '1,99', '1.999', 'NaN']) {
      expect(() => parseFlexPayAmount(amount, 'EUR'), amount).toThrow(/nnn\.nn/);
    }
  });
});

describe('FlexPay status answer', () => {
  it('reads the top-level lines and skips nested ones', () => {
    expect(
      parseStatusAnswer(
        'response: FOUND\nsaleID: 1485\ndescription: "250 credits"\ntransactions:\n  - transactionID: 9\n',
      ),
    ).toEqual({ response: 'FOUND', saleID: '1485', description: '250 credits', transactions: '' });
  });
});
