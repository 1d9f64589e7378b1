import { CAMS_SEARCH_PATH, CamsSearchResponseSchema, SearchResponseSchema } from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
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
