import { CAMS_SEARCH_PATH, type SearchFilterOptions, type SearchResponse } from '@rendezvous/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export type SearchParams = Record<string, string | number | undefined>;

const schema = lazySchemas(() => import('./search-schemas'));

function queryString(params: SearchParams): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/** GET /api/search.php (spec §7). */
export function searchMembers(params: SearchParams, signal?: AbortSignal) {
  return apiRequest('GET', `/api/search.php?${queryString(params)}`, schema('SearchResponseSchema'), { signal });
}

/** One search in the app's cache, keyed by its parameters. */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({ queryKey: ['search', params], queryFn: ({ signal }) => searchMembers(params, signal) });
}

/**
 * How long a member search's answers stay once the list is left: going back to it within this
 * time shows the same members at the same place, with nothing asked again.
 */
const MEMBER_SEARCH_KEPT_MS = 30 * 60_000;

/**
 * A member search in the app's cache, by its filters and the page it starts at (spec §4: every
 * search after the first load is a manual one, which the server saves). Infinite scroll appends
 * the next pages to it. Its answers change only when the member searches again, so they never go
 * stale on their own.
 */
export function memberSearchQueryOptions(filters: SearchFilterOptions | undefined, firstPage: number) {
  return infiniteQueryOptions({
    queryKey: ['search', 'members', filters, firstPage],
    queryFn: filters
      ? ({ pageParam, signal }) => searchMembers({ manual_search: 1, ...filters, page: pageParam }, signal)
      : skipToken,
    initialPageParam: firstPage,
    getNextPageParam: (last: SearchResponse) => last.paging.page + 1,
    staleTime: Infinity,
    gcTime: MEMBER_SEARCH_KEPT_MS,
  });
}

/** An answer that named its own filters, cached as the first page of the search with those filters. */
function cacheAsSearch(client: QueryClient, answer: SearchResponse, page: number) {
  client.setQueryData(memberSearchQueryOptions(answer.filter_options, page).queryKey, {
    pages: [answer],
    pageParams: [page],
  });
}

/** Spec §4 first load: the saved search (or the defaults), from the address's page. */
export function firstSearchPath(trafficsource: string | undefined, page: number): string {
  return `/api/search.php?${queryString({ auto_load: 1, source: 'members', pp: page, trafficsource })}`;
}

/**
 * The search the server keeps for this member or visitor (spec §4), learnt from the first load
 * (auto_load, from the address's page), whose members are cached as the start of that search.
 * The page is not part of the key: it only says which page of the saved search comes along.
 */
export function savedFiltersQueryOptions(trafficsource: string | undefined, page: number) {
  return queryOptions({
    queryKey: ['search', 'saved-filters', trafficsource],
    queryFn: async ({ client, signal }) => {
      const answer = await apiRequest('GET', firstSearchPath(trafficsource, page), schema('SearchResponseSchema'), {
        signal,
      });
      cacheAsSearch(client, answer, page);
      return answer.filter_options;
    },
    staleTime: Infinity,
    gcTime: MEMBER_SEARCH_KEPT_MS,
  });
}

/** The first load's answer as the page's loader got it on the server, cached as if asked from here. */
export function cacheFirstSearch(
  client: QueryClient,
  answer: SearchResponse,
  trafficsource: string | undefined,
  page: number,
) {
  client.setQueryData(savedFiltersQueryOptions(trafficsource, page).queryKey, answer.filter_options);
  cacheAsSearch(client, answer, page);
}

/**
 * Back to every member: a manual search that names no filter starts from the defaults on the
 * server, which saves them, so the next visit no longer opens on an empty list. Called with the
 * filters it replaces: should the member choose others meanwhile, those stay.
 */
export function useShowEveryone(trafficsource: string | undefined) {
  const queryClient = useQueryClient();
  const { queryKey } = savedFiltersQueryOptions(trafficsource, 1);
  return useMutation({
    mutationFn: (_replacing: SearchFilterOptions | undefined) => searchMembers({ manual_search: 1, page: 1 }),
    onSuccess: (answer, replacing) => {
      if (queryClient.getQueryData(queryKey) !== replacing) return;
      cacheAsSearch(queryClient, answer, 1);
      queryClient.setQueryData(queryKey, answer.filter_options);
    },
    // Spec §8: search failures are logged; the page offers to try again.
    onError: (error) => console.warn('search failed', error),
  });
}

/** GET /api/xcams/search.php: performers for the webcam ads, matching the search's gender and ages. */
export function searchCams(params: { gender: string; min_age: number; max_age: number }, signal?: AbortSignal) {
  return apiRequest('GET', `${CAMS_SEARCH_PATH}?${queryString(params)}`, schema('CamsSearchResponseSchema'), {
    signal,
  });
}

/** The performers for the webcam slots in the app's cache; the last ones stay while new ones load. */
export function camsQueryOptions(params: { gender: string; min_age: number; max_age: number }) {
  return queryOptions({
    queryKey: ['cams', params],
    queryFn: ({ signal }) => searchCams(params, signal),
    placeholderData: keepPreviousData,
  });
}
