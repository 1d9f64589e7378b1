import type { PaymentRoute } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import { testSiteConfig } from '../../test/fixtures.js';
import { perMessagePrice, pricingCountry, routedMethods, routeFor } from './pricing.js';

describe('the country a price is for', () => {
  const site = testSiteConfig('pricing.test', { countries: ['BE', 'NL', 'FR'] });

  it('follows the country asked, the payment country, the country, GeoIP, then the site', () => {
    const buyer = { paymentCountry: 'DE', country: 'NL' };
    expect(pricingCountry(site, buyer, 'GB', null)).toBe('GB');
    expect(pricingCountry(site, buyer, undefined, null)).toBe('DE');
    expect(pricingCountry(site, { paymentCountry: null, country: 'NL' }, undefined, 'GB')).toBe('NL');
    expect(pricingCountry(site, { paymentCountry: null, country: 'US' }, undefined, 'GB')).toBe('GB');
    expect(pricingCountry(site, { paymentCountry: null, country: null }, undefined, null)).toBe('BE');
  });

  it('passes over a country no package prices', () => {
    expect(pricingCountry(site, { paymentCountry: 'US', country: 'FR' }, 'CA', null)).toBe('BE');
    expect(pricingCountry({ ...site, credit_packages: [] }, null, 'NL', null)).toBeNull();
  });
});

it('prices a message at the package rate, bonus credits included', () => {
  const pkg = { id: 'regular', credits: 150, bonus_credits: 15, prices: {} };
  expect(perMessagePrice(pkg, { amount: 2495, currency: 'EUR' }, 10)).toEqual({ amount: 151, currency: 'EUR' });
  expect(perMessagePrice({ ...pkg, bonus_credits: 0 }, { amount: 2495, currency: 'EUR' }, 10)).toEqual({
    amount: 166,
    currency: 'EUR',
  });
});

describe('routing a method to a provider', () => {
  const routes: PaymentRoute[] = [
    {
      provider: 'mollie',
      methods: ['ideal', 'bancontact'],
      countries: ['NL', 'BE'],
      currencies: ['EUR'],
      purchases: ['credits'],
    },
    { provider: 'verotel', methods: ['card', 'sepa_debit'], countries: ['*'], purchases: ['credits', 'premium'] },
    { provider: 'dev', methods: ['card', 'ideal'], countries: ['*'], purchases: ['credits', 'premium'] },
  ];
  const all = new Set(['dev', 'verotel', 'mollie'] as const);
  const credits = { purchase: 'credits', country: 'NL', currency: 'EUR' } as const;

  it('takes the first route that matches purchase, country and currency and names the method', () => {
    expect(routeFor(routes, { ...credits, method: 'ideal' }, all)).toBe('mollie');
    expect(routeFor(routes, { ...credits, method: 'card' }, all)).toBe('verotel');
    expect(routeFor(routes, { ...credits, country: 'DE', method: 'ideal' }, all)).toBe('dev');
    expect(routeFor(routes, { ...credits, currency: 'GBP', method: 'ideal' }, all)).toBe('dev');
    expect(routeFor(routes, { ...credits, purchase: 'premium', method: 'ideal' }, all)).toBe('dev');
    expect(routeFor(routes, { ...credits, method: 'przelewy24' }, all)).toBeNull();
  });

  it('passes over a provider this server has not enabled', () => {
    const production = new Set(['mollie'] as const);
    expect(routeFor(routes, { ...credits, method: 'ideal' }, production)).toBe('mollie');
    expect(routeFor(routes, { ...credits, method: 'card' }, production)).toBeNull();
    expect(routedMethods(routes, credits, production)).toEqual([
      { id: 'ideal', provider: 'mollie' },
      { id: 'bancontact', provider: 'mollie' },
    ]);
  });
});
