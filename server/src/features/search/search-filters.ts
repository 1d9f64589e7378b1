import {
  AGE_BUCKETS,
  COUNTRY_NEIGHBOURS,
  VALIDATION,
  type SearchFilterOptions,
  type SiteConfig,
} from '@rendezvous/contract';
import type { MemberRow, MemberSearchesTable } from '../../db/schema.js';
import { invalidInput } from '../../errors.js';
import { ageOn } from '../../lib/age.js';

export interface SearchRequestFilters {
  gender?: 'male' | 'female' | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  country?: string | undefined;
  countryregion?: number | undefined;
  searchAllCountries?: boolean | undefined;
}

/** What the database is asked: the shown filters plus the countries they stand for. */
export interface ResolvedFilters extends SearchFilterOptions {
  countries: readonly string[];
}

export type SavedSearch = Pick<MemberSearchesTable, 'gender' | 'min_age' | 'max_age' | 'country' | 'countryregion'>;

const ALL_AGES = AGE_BUCKETS[0];

/**
 * A new member's first search: the other gender (women when unknown, as most members of these
 * sites are men looking for women), every age, in their own country or else the site's first.
 */
export function defaultFilters(member: MemberRow | null, site: SiteConfig): SearchFilterOptions {
  const country = member?.country && site.countries.includes(member.country) ? member.country : site.countries[0]!;
  return {
    gender: member?.gender === 'female' ? 'male' : 'female',
    min_age: ALL_AGES.min_age,
    max_age: ALL_AGES.max_age,
    country,
    countryregion: 0,
  };
}

/**
 * Fills what the request leaves out from the starting point (the saved search or the defaults)
 * and checks the result against the site: a country it does not serve or a region of another
 * country is a 400 on that field.
 */
export function resolveFilters(
  request: SearchRequestFilters,
  start: SearchFilterOptions | SavedSearch,
  /** Who searches: their own country is searched together with its neighbour. */
  member: Pick<MemberRow, 'country'> | null,
  site: SiteConfig,
  regionCountry: (regionId: number) => string | undefined,
): ResolvedFilters {
  const country = request.searchAllCountries ? '' : (request.country ?? start.country);
  if (country !== '' && !site.countries.includes(country)) throw invalidInput({ country: VALIDATION.country });
  // A change of country resets the region (spec §4), so a region only counts with its own country.
  const countryregion = request.countryregion ?? (country === start.country ? start.countryregion : 0);
  if (countryregion !== 0 && (country === '' || regionCountry(countryregion) !== country)) {
    throw invalidInput({ countryregion: VALIDATION.region });
  }
  const min_age = request.min_age ?? start.min_age;
  const max_age = request.max_age ?? start.max_age;
  if (min_age > max_age) throw invalidInput({ max_age: VALIDATION.choice });

  let countries: readonly string[] = country === '' ? site.countries : [country];
  const neighbour = COUNTRY_NEIGHBOURS[country];
  if (countryregion === 0 && neighbour && member?.country === country) countries = [country, neighbour];

  return {
    gender: request.gender ?? start.gender,
    min_age,
    max_age,
    country,
    countryregion,
    countries,
  };
}

/** The birth dates (ISO, inclusive) of people aged min to max today. */
export function birthDateRange(minAge: number, maxAge: number, today = new Date()): { from: string; to: string } {
  const shift = (years: number, days = 0) => {
    const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
    return date.toISOString().slice(0, 10);
  };
  // Aged at most max: born after the day max + 1 years ago.
  return { from: shift(maxAge + 1, 1), to: shift(minAge) };
}

/** Whether the member would appear in these results, so their own page must be worked out without them. */
export function matchesFilters(member: MemberRow, filters: ResolvedFilters, today = new Date()): boolean {
  if (member.status !== 'active' || member.listed !== 1 || member.gender !== filters.gender || !member.date_of_birth)
    return false;
  if (!member.country || !filters.countries.includes(member.country)) return false;
  if (filters.countryregion !== 0 && member.countryregion !== filters.countryregion) return false;
  const age = ageOn(member.date_of_birth, today);
  return age >= filters.min_age && age <= filters.max_age;
}
