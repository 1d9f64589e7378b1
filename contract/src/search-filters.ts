/**
 * Search constants of spec §3/§9, free of zod so the search page's first load stays light.
 */
export const SEARCH_PAGE_SIZE = 12;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
/** Spec §7 similar search: ages widened this many years each way. */
export const SIMILAR_AGE_WIDENING = 5;

/** Spec §9 age filter buckets; `all` spans every allowed age. */
export const AGE_BUCKETS = [
  { key: 'all', min_age: MIN_AGE, max_age: MAX_AGE },
  { key: '18-25', min_age: MIN_AGE, max_age: 25 },
  { key: '26-35', min_age: 26, max_age: 35 },
  { key: '36-45', min_age: 36, max_age: 45 },
  { key: '46-55', min_age: 46, max_age: 55 },
  { key: '56-65', min_age: 56, max_age: 65 },
  { key: '65+', min_age: 66, max_age: MAX_AGE },
] as const;
export type AgeBucketKey = (typeof AGE_BUCKETS)[number]['key'];

/** Spec §9: a member's own country is searched together with its neighbour. */
export const COUNTRY_NEIGHBOURS: Readonly<Record<string, string>> = {
  AU: 'NZ',
  NZ: 'AU',
  NL: 'BE',
  BE: 'NL',
  US: 'CA',
  CA: 'US',
  GB: 'IE',
  IE: 'GB',
  DE: 'AT',
  AT: 'DE',
};

/** Spec §4: the language badge shows for another language, or always for these bilingual countries. */
const ALWAYS_BADGED_COUNTRIES = new Set(['CA', 'BE', 'CH', 'FI']);
export function showsLanguageBadge(profile: { language: string; country: string | null }, interfaceLanguage: string) {
  return profile.language !== interfaceLanguage || ALWAYS_BADGED_COUNTRIES.has(profile.country ?? '');
}

/** Spec §7 similar search: region 0 (all) and the ages widened, within the allowed range. */
export function similarFilters<T extends { min_age: number; max_age: number }>(filters: T): T & { countryregion: 0 } {
  return {
    ...filters,
    countryregion: 0,
    min_age: Math.max(MIN_AGE, filters.min_age - SIMILAR_AGE_WIDENING),
    max_age: Math.min(MAX_AGE, filters.max_age + SIMILAR_AGE_WIDENING),
  };
}

/** What of a site's settings decides whether visitors may search (spec §6). */
export interface VisitorSearchSettings {
  logged_out_search: boolean;
  logged_out_search_trafficsource: boolean;
}

/** Spec §6: visitors search only where the site allows it, or when they came with a traffic source. */
export function visitorsMaySearch(settings: VisitorSearchSettings, trafficsource: string | null | undefined): boolean {
  return settings.logged_out_search || (settings.logged_out_search_trafficsource && Boolean(trafficsource));
}
