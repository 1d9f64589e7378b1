import { MatchFinderQuerySchema } from '@rendezvous/contract';
import { FILTER_KEYS, servedFilters, type MatchFilters } from './match-filters';

/*
 * Apart from match-filters.ts because it checks with the contract's schema: the finder's page
 * gets its first answers from its server loader and loads this module, and zod, only for the next.
 */

/** The filters a query string carries, or null unless it names all of them validly (a hand-edited link). */
export function parseMatchFilters(search: string | URLSearchParams): MatchFilters | null {
  const params = new URLSearchParams(search);
  const parsed = MatchFinderQuerySchema.safeParse(
    Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined])),
  );
  if (!parsed.success) return null;
  const { gender, min_age, max_age, country, countryregion } = parsed.data;
  return { gender, min_age, max_age, country, countryregion };
}

/** The filters of a query string in a country the site serves, or null: such a link starts the finder over. */
export function filtersFromSearch(search: string | URLSearchParams, countries: readonly string[]): MatchFilters | null {
  return servedFilters(parseMatchFilters(search), countries);
}
