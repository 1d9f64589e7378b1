import { similarFilters, type ProfileCard, type SearchFilterOptions, type SearchResponse } from '@rendezvous/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchMembers, searchQueryOptions } from '../api/search-calls';

export type SearchStatus = 'loading' | 'ready' | 'error';

export interface SearchState {
  status: SearchStatus;
  filters: SearchFilterOptions | null;
  profiles: ProfileCard[];
  total: number;
  /** The last page loaded: infinite scroll appends pages, paging replaces them. */
  page: number;
}

const INITIAL: SearchState = { status: 'loading', filters: null, profiles: [], total: 0, page: 0 };

/**
 * Results kept per history entry, so going back from a profile shows the same list at the
 * same scroll position instead of starting over (React Router restores the scroll).
 */
const remembered = new Map<string, SearchState>();
const REMEMBERED_ENTRIES = 20;

function remember(key: string, state: SearchState) {
  remembered.delete(key);
  remembered.set(key, state);
  if (remembered.size > REMEMBERED_ENTRIES) remembered.delete(remembered.keys().next().value!);
}

export interface MemberSearchOptions {
  /** The history entry this list belongs to. */
  historyKey: string;
  /** The page the address asks for (paging mode). */
  page: number;
  append: boolean;
  trafficsource: string | undefined;
}

/**
 * Spec §4 search: the first request is the auto load (the saved search or the defaults); after it
 * the server's filters drive the form and every change is a manual search from page 1.
 */
export function useMemberSearch({ historyKey, page, append, trafficsource }: MemberSearchOptions) {
  const [state, setState] = useState<SearchState>(() => remembered.get(historyKey) ?? INITIAL);
  const controller = useRef<AbortController | null>(null);
  // A filter change resets ?page, which makes a new history entry while its search is under
  // way; the answer belongs to the entry the member is on when it arrives.
  const entry = useRef(historyKey);
  useEffect(() => {
    entry.current = historyKey;
  }, [historyKey]);

  const run = useCallback(
    async (
      params: Record<string, string | number | undefined>,
      mode: 'replace' | 'append',
      // The filters asked for show at once, so a second change made before the answer builds on the first.
      asked?: SearchFilterOptions,
    ) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) =>
        mode === 'replace'
          ? { ...previous, status: 'loading', profiles: [], filters: asked ?? previous.filters }
          : { ...previous, status: 'loading' },
      );
      try {
        const response: SearchResponse = await searchMembers(params, current.signal);
        setState((previous) => {
          const next: SearchState = {
            status: 'ready',
            filters: response.filter_options,
            profiles: mode === 'append' ? [...previous.profiles, ...response.profiles] : response.profiles,
            total: response.paging.num_results,
            page: response.paging.page,
          };
          remember(entry.current, next);
          return next;
        });
      } catch (error) {
        if (current.signal.aborted) return;
        // Spec §8: search failures are logged; the page offers to try again.
        console.warn('search failed', error);
        setState((previous) => ({ ...previous, status: 'error' }));
      }
    },
    [],
  );

  const manualParams = useCallback(
    (filters: SearchFilterOptions, targetPage: number) => ({ manual_search: 1, ...filters, page: targetPage }),
    [],
  );

  // The first load, unless this history entry already holds results.
  const loaded = useRef(remembered.has(historyKey));
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void run({ auto_load: 1, source: 'members', pp: page, trafficsource }, 'replace');
  }, [run, page, trafficsource]);

  // Paging mode: a new ?page replaces the list. Only the address moves it: the first load already
  // asked for the address's page, and a filter change starts at page 1 while the address catches up.
  const shownPage = useRef(page);
  const filters = useRef(state.filters);
  useEffect(() => {
    filters.current = state.filters;
  }, [state.filters]);
  useEffect(() => {
    if (append || !filters.current || page === shownPage.current) return;
    shownPage.current = page;
    void run(manualParams(filters.current, page), 'replace');
  }, [append, page, run, manualParams]);

  return {
    state,
    /**
     * Spec §4: a change of gender, age, country or region clears the results and reloads from
     * page 1; in paging mode the caller takes ?page off the address.
     */
    change(filters: SearchFilterOptions) {
      shownPage.current = 1;
      void run(manualParams(filters, 1), 'replace', filters);
    },
    /**
     * Back to every member: a manual search that names no filter starts from the defaults on the
     * server, which saves them, so the next visit no longer opens on an empty list.
     */
    reset() {
      shownPage.current = 1;
      void run({ manual_search: 1, page: 1 }, 'replace');
    },
    loadMore() {
      if (state.filters && state.status === 'ready') void run(manualParams(state.filters, state.page + 1), 'append');
    },
    retry() {
      if (state.filters) void run(manualParams(state.filters, Math.max(1, state.page)), 'replace');
      else void run({ auto_load: 1, source: 'members', pp: page, trafficsource }, 'replace');
    },
  };
}

/**
 * Spec §7 similar search for few results: region 0, ages widened, never saved; paged by
 * ?similarpage, the last page staying in view while the next one loads.
 */
export function useSimilarSearch(filters: SearchFilterOptions | null, enabled: boolean, page: number) {
  const params = { manual_search: 1, do_not_save: 1, ...(filters ? similarFilters(filters) : {}), page };
  const query = useQuery({
    ...searchQueryOptions(params),
    enabled: enabled && filters !== null,
    placeholderData: keepPreviousData,
  });
  return { profiles: enabled ? (query.data?.profiles ?? []) : [], total: query.data?.paging.num_results ?? 0 };
}
