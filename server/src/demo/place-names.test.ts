import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, REGIONAL_CODES, type Locale } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import { regionSubdivisions } from '../platform/geo/regions.js';
import { DEMO_SITES } from './demo-sites.js';

/*
 * Issue 21: every place name a site offers reads in the member's language. Countries are named by
 * the browser (Intl.DisplayNames), regions by the web app's catalogues under `regions.<ISO 3166-2>`.
 */

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../web/locales');
const regionNames = (locale: Locale): Record<string, unknown> => {
  const catalogue = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as {
    regions?: Record<string, unknown>;
  };
  return catalogue.regions ?? {};
};

const countries = [...new Set(DEMO_SITES.flatMap((site) => site.countries))].sort();
const regionCodes = countries.flatMap((country) => regionSubdivisions(country).map(({ code }) => `${country}-${code}`));

describe.each(LOCALES)('place names in %s', (locale) => {
  it("names every country the sites offer in the member's language", () => {
    const display = new Intl.DisplayNames([REGIONAL_CODES[locale]], { type: 'region', fallback: 'none' });
    const unnamed = countries.filter((country) => !display.of(country));
    expect(unnamed).toEqual([]);
  });

  it('has a name for every region the sites offer', () => {
    const names = regionNames(locale);
    const unnamed = regionCodes.filter((code) => typeof names[code] !== 'string' || names[code] === '');
    expect(unnamed).toEqual([]);
  });
});

it('translates the region names that are not proper nouns shared by every language', () => {
  const english = regionNames('en');
  // "North Holland" is "Noord-Holland", "Nordholland", … : an untranslated catalogue would show English here.
  for (const locale of LOCALES.filter((other) => other !== 'en')) {
    expect(regionNames(locale)['NL-NH'], locale).not.toBe(english['NL-NH']);
    expect(regionNames(locale)['DE-NW'], locale).not.toBe(english['DE-NW']);
  }
});
