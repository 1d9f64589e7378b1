import { AGE_BUCKETS, type AgeBucketKey, type MatchFilters } from '@rendezvous/contract';

export type { MatchFilters };

export const FILTER_KEYS = ['gender', 'min_age', 'max_age', 'country', 'countryregion'] as const;

/**
 * The filters as a query string, in a fixed order: /match-finder hands them to /signup-matches
 * this way, so the page can be shared and the server renders the same matches.
 */
export function filtersToSearch(filters: MatchFilters): string {
  return new URLSearchParams(FILTER_KEYS.map((key) => [key, String(filters[key])])).toString();
}

/** Spec §2 /signup-matches with these filters: the matches again, with the sign-up form. */
export function signupMatchesPath(filters: MatchFilters): string {
  return `/signup-matches?${filtersToSearch(filters)}`;
}

/** The filters, or null for answers in a country the site does not serve (an outdated link starts the finder over). */
export function servedFilters(filters: MatchFilters | null, countries: readonly string[]): MatchFilters | null {
  return filters && countries.includes(filters.country) ? filters : null;
}

/** The spec §9 age bucket the range is, or null for a range no bucket has (only a hand-made link). */
export function ageBucketOf(filters: Pick<MatchFilters, 'min_age' | 'max_age'>): AgeBucketKey | null {
  return (
    AGE_BUCKETS.find((bucket) => bucket.min_age === filters.min_age && bucket.max_age === filters.max_age)?.key ?? null
  );
}

/** Where the finder starts looking: the country the visitor's address points to, if the site serves it. */
export function startCountry(settings: {
  countries: readonly string[];
  geoip_country: string | null;
  geoip_selected_country: string | null;
}): string {
  const guess = settings.geoip_selected_country ?? settings.geoip_country;
  return guess && settings.countries.includes(guess) ? guess : settings.countries[0]!;
}
