import { CAMS_SEARCH_PATH, CamsSearchResponseSchema, SearchResponseSchema } from '@rendezvous/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SearchParams = Record<string, string | number | undefined>;

function queryString(params: SearchParams): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/** GET /api/search.php (spec §7). */
export function searchMembers(params: SearchParams, signal?: AbortSignal) {
  return apiRequest('GET', `/api/search.php?${queryString(params)}`, SearchResponseSchema, { signal });
}

/** One search in the app's cache, keyed by its parameters. */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({ queryKey: ['search', params], queryFn: ({ signal }) => searchMembers(params, signal) });
}

/** GET /api/xcams/search.php: performers for the webcam ads, matching the search's gender and ages. */
export function searchCams(params: { gender: string; min_age: number; max_age: number }, signal?: AbortSignal) {
  return apiRequest('GET', `${CAMS_SEARCH_PATH}?${queryString(params)}`, CamsSearchResponseSchema, { signal });
}

/** The performers for the webcam slots in the app's cache; the last ones stay while new ones load. */
export function camsQueryOptions(params: { gender: string; min_age: number; max_age: number }) {
  return queryOptions({
    queryKey: ['cams', params],
    queryFn: ({ signal }) => searchCams(params, signal),
    placeholderData: keepPreviousData,
  });
}
