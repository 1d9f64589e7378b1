import { MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '@rendezvous/contract';
import { LRUCache } from 'lru-cache';
import type { ResolvedFilters } from './search-filters.js';
import type { SearchRepository } from './search.repository.js';

/**
 * How long the first pages of a search are reused. The same filters come back from many
 * members, and a new or changed profile showing up a minute later is fine; the cards are read
 * fresh for every answer, so a deleted or banned member never shows.
 */
export const RESULT_CACHE_TTL_MS = 60_000;
/** Counting a popular search reads many index entries; "how many" may lag for a few minutes. */
export const COUNT_CACHE_TTL_MS = 5 * 60_000;
/** Pages that come from one cached list, so they never overlap or skip while someone pages. */
export const CACHED_PAGES = 10;
const CACHE_ENTRIES = 20_000;

export interface ResultPage {
  ids: number[];
  total: number;
}

/**
 * Pages of search results, in the stable order of db/search-rank.ts. The first CACHED_PAGES
 * pages of each search are read once into one ordered list (one more than they hold, so a
 * page still fills when the member themself is taken out) and served from it; deeper pages
 * go to the database. Concurrent misses for the same search share one read.
 */
export function createSearchResults(repository: SearchRepository) {
  const lists = new LRUCache<string, Promise<number[]>>({ max: CACHE_ENTRIES, ttl: RESULT_CACHE_TTL_MS });
  const counts = new LRUCache<string, Promise<number>>({ max: CACHE_ENTRIES, ttl: COUNT_CACHE_TTL_MS });

  function shared<T>(cache: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let pending = cache.get(key);
    if (!pending) {
      pending = load();
      cache.set(key, pending);
      // A failed read is not kept: the next request tries again.
      pending.catch(() => cache.delete(key));
    }
    return pending;
  }

  const keyOf = (siteId: number, filters: ResolvedFilters) =>
    [siteId, filters.gender, filters.countries.join(','), filters.countryregion, filters.min_age, filters.max_age].join(
      '|',
    );
  const count = (siteId: number, filters: ResolvedFilters) =>
    shared(counts, keyOf(siteId, filters), () => repository.count(siteId, filters));

  return {
    /** One page for the filters; `self` is the asking member's id when they match the filters. */
    async page(siteId: number, filters: ResolvedFilters, page: number, self: number | null): Promise<ResultPage> {
      const end = page * SEARCH_PAGE_SIZE;
      const cached = page <= CACHED_PAGES;
      const limit = cached ? CACHED_PAGES * SEARCH_PAGE_SIZE + 1 : end;
      const [total, population] = await Promise.all([
        count(siteId, filters),
        count(siteId, { ...filters, min_age: MIN_AGE, max_age: MAX_AGE }),
      ]);
      // In search order, `limit` matches turn up after about limit × population / total entries;
      // by age, all `total` matches are read and sorted. Whichever reads fewer serves.
      const byAge = total * total < limit * population;
      const read = (excludeId: number | null) => repository.ranked(siteId, filters, limit, { excludeId, byAge });
      const ids = cached ? await shared(lists, keyOf(siteId, filters), () => read(null)) : await read(self);
      const shown = self === null ? ids : ids.filter((id) => id !== self);
      return {
        ids: shown.slice(end - SEARCH_PAGE_SIZE, end),
        total: Math.max(0, total - (self === null ? 0 : 1)),
      };
    },
  };
}
