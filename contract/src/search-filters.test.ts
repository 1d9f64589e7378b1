import { describe, expect, it } from 'vitest';
import { MAX_AGE, MIN_AGE, similarFilters } from './search-filters.js';

const FILTERS = { gender: 'female', country: 'NL', countryregion: 5, min_age: 36, max_age: 45 } as const;

describe('similarFilters (spec §7)', () => {
  it('searches every region and widens the ages five years each way, keeping gender and country', () => {
    expect(similarFilters(FILTERS)).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: 0,
      min_age: 31,
      max_age: 50,
    });
  });

  it('keeps the ages within 18 to 100', () => {
    expect(MIN_AGE).toBe(18);
    expect(MAX_AGE).toBe(100);
    expect(similarFilters({ ...FILTERS, min_age: 20, max_age: 97 })).toMatchObject({ min_age: 18, max_age: 100 });
    expect(similarFilters({ ...FILTERS, min_age: 18, max_age: 100 })).toMatchObject({ min_age: 18, max_age: 100 });
    // Exactly at the edge after widening is allowed, not clamped further.
    expect(similarFilters({ ...FILTERS, min_age: 23, max_age: 95 })).toMatchObject({ min_age: 18, max_age: 100 });
    expect(similarFilters({ ...FILTERS, min_age: 24, max_age: 94 })).toMatchObject({ min_age: 19, max_age: 99 });
  });

  it('sets the region to all even when none was chosen, and leaves the filters it was given alone', () => {
    const given = { gender: 'male', country: 'BE', min_age: 56, max_age: 65 };
    expect(similarFilters(given)).toEqual({
      gender: 'male',
      country: 'BE',
      countryregion: 0,
      min_age: 51,
      max_age: 70,
    });
    expect(given).toEqual({ gender: 'male', country: 'BE', min_age: 56, max_age: 65 });
  });
});
