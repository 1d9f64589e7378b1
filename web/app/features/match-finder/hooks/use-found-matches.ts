import type { MatchFinderResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { matchesQueryOptions } from '../api/find-matches';
import type { MatchFilters } from '../lib/match-filters';

export type FoundMatches =
  { status: 'loading' } | { status: 'ready'; result: MatchFinderResponse } | { status: 'error'; limited: boolean };

/**
 * The matches for these filters, read again when they change. Spec §8: search failures are logged
 * (by the query cache); the page says so and offers to change the answers.
 */
export function useFoundMatches(filters: MatchFilters, trafficsource: string | null): FoundMatches {
  const query = useQuery(matchesQueryOptions(filters, trafficsource));
  if (query.data) return { status: 'ready', result: query.data };
  if (query.isError) return { status: 'error', limited: query.error instanceof ApiError && query.error.status === 429 };
  return { status: 'loading' };
}
