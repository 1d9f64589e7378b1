import {
  MATCH_FINDER_PATH,
  MatchFinderResponseSchema,
  type MatchFilters,
  type MatchFinderResponse,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { data, type AppLoadContext } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { filtersToSearch } from '../lib/match-filters';

const schema = lazySchemas(() => import('./match-finder-schemas'));

function matchesPath(filters: MatchFilters, trafficsource: string | null | undefined): string {
  const source = trafficsource ? `&trafficsource=${encodeURIComponent(trafficsource)}` : '';
  return `${MATCH_FINDER_PATH}?${filtersToSearch(filters)}${source}`;
}

/** GET /api/match-finder.php from the browser. */
export function findMatches(filters: MatchFilters, trafficsource: string | null, signal?: AbortSignal) {
  return apiRequest('GET', matchesPath(filters, trafficsource), schema('MatchFinderResponseSchema'), { signal });
}

/** The matches for these filters in the app's cache. */
export function matchesQueryOptions(filters: MatchFilters, trafficsource: string | null) {
  return queryOptions({
    queryKey: ['matches', filters, trafficsource],
    queryFn: ({ signal }) => findMatches(filters, trafficsource, signal),
  });
}

/**
 * The same call from a page loader on the server, as the visitor. Filters the site refuses (a
 * region since removed) are null, so the page can send the visitor back to the finder.
 */
export async function loadMatches(
  context: AppLoadContext,
  filters: MatchFilters,
  trafficsource: string | undefined,
): Promise<MatchFinderResponse | null> {
  const response = await context.api.get(matchesPath(filters, trafficsource));
  if (response.status === 400) return null;
  if (response.status >= 400) throw data(null, { status: response.status });
  return MatchFinderResponseSchema.parse(response.body);
}
