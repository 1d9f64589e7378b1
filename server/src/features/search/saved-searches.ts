import type { SavedSearch } from './search-filters.js';
import type { SearchRepository } from './search.repository.js';

/**
 * How long a saved search may wait before it is written. Every manual search and every page of
 * one saves it, which would be a write per request; instead the latest of each member is kept
 * here and all of them are written together in one transaction.
 */
export const SAVED_SEARCH_FLUSH_MS = 1_000;

/**
 * Each member's last manual search, which the next first load of /members starts from (spec §4).
 * A search saved on this node is read back from here until it is written; a node that stops
 * writes what it holds first. What a crash loses is at most the last second's searches.
 */
export function createSavedSearches(
  repository: SearchRepository,
  options: { flushMs?: number; onError?: (error: unknown) => void } = {},
) {
  let pending = new Map<number, SavedSearch>();
  /** Batches handed to the database and not yet written, oldest first. */
  const unwritten: Map<number, SavedSearch>[] = [];
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const batch = pending;
    pending = new Map();
    unwritten.push(batch);
    // One batch at a time, in order, so an older search never overwrites a newer one.
    writing = writing
      .then(() => repository.saveSearches(batch))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => unwritten.shift());
    return writing;
  }

  const latest = (memberId: number) =>
    pending.get(memberId) ?? unwritten.findLast((batch) => batch.has(memberId))?.get(memberId);

  const timer = setInterval(() => void flush(), options.flushMs ?? SAVED_SEARCH_FLUSH_MS);
  timer.unref();

  return {
    async get(memberId: number): Promise<SavedSearch | undefined> {
      return latest(memberId) ?? repository.savedSearch(memberId);
    },

    save(memberId: number, search: SavedSearch): void {
      const { gender, min_age, max_age, country, countryregion } = search;
      pending.set(memberId, { gender, min_age, max_age, country, countryregion });
    },

    /** Writes what is waiting; the node calls it when it stops. */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
