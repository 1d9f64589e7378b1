import { describe, expect, it } from 'vitest';
import { filtersFromSearch } from './filters-from-search';
import { ageBucketOf, filtersToSearch, startCountry, type MatchFilters } from './match-filters';

const COUNTRIES = ['NL', 'BE'];
const FILTERS: MatchFilters = { gender: 'female', min_age: 46, max_age: 55, country: 'BE', countryregion: 12 };

describe('match finder filters in the address', () => {
  it('come back exactly as they went in', () => {
    const search = filtersToSearch(FILTERS);
    expect(search).toBe('gender=female&min_age=46&max_age=55&country=BE&countryregion=12');
    expect(filtersFromSearch(search, COUNTRIES)).toEqual(FILTERS);
    expect(filtersFromSearch(`?${search}&utm=x`, COUNTRIES)).toEqual(FILTERS);
  });

  it.each([
    ['a missing filter', 'gender=female&min_age=46&max_age=55&country=BE'],
    ['an unknown gender', 'gender=x&min_age=46&max_age=55&country=BE&countryregion=0'],
    ['ages the wrong way round', 'gender=male&min_age=60&max_age=40&country=BE&countryregion=0'],
    ['an age under 18', 'gender=male&min_age=16&max_age=40&country=BE&countryregion=0'],
    ['a country the site does not serve', 'gender=male&min_age=18&max_age=100&country=FR&countryregion=0'],
    ['a region that is no number', 'gender=male&min_age=18&max_age=100&country=NL&countryregion=north'],
    ['nothing at all', ''],
  ])('start over for %s', (_case, search) => {
    expect(filtersFromSearch(search, COUNTRIES)).toBeNull();
  });

  it('name the age bucket of spec §9, or none for a range no bucket has', () => {
    expect(ageBucketOf({ min_age: 18, max_age: 100 })).toBe('all');
    expect(ageBucketOf({ min_age: 66, max_age: 100 })).toBe('65+');
    expect(ageBucketOf({ min_age: 40, max_age: 50 })).toBeNull();
  });

  it("start in the visitor's own country when the site serves it, else in the site's first", () => {
    const site = { countries: COUNTRIES, geoip_selected_country: null };
    expect(startCountry({ ...site, geoip_country: 'BE' })).toBe('BE');
    expect(startCountry({ ...site, geoip_country: 'NL', geoip_selected_country: 'BE' })).toBe('BE');
    expect(startCountry({ ...site, geoip_country: 'US' })).toBe('NL');
    expect(startCountry({ ...site, geoip_country: null })).toBe('NL');
  });
});
