import type { MatchFinderResponse } from '@rendezvous/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { findMatches } from '../api/find-matches';
import type { MatchFilters } from '../lib/match-filters';

export type FoundMatches =
  { status: 'loading' } | { status: 'ready'; result: MatchFinderResponse } | { status: 'error'; limited: boolean };

/** The matches for these filters (keep the object stable while the answers stay), read again when they change. */
export function useFoundMatches(filters: MatchFilters, trafficsource: string | null): FoundMatches {
  const [found, setFound] = useState<{ filters: MatchFilters; state: FoundMatches } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    findMatches(filters, trafficsource, controller.signal)
      .then((result) => setFound({ filters, state: { status: 'ready', result } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: search failures are logged; the page says so and offers to change the answers.
        console.warn('match finder search failed', error);
        const limited = error instanceof ApiError && error.status === 429;
        setFound({ filters, state: { status: 'error', limited } });
      });
    return () => controller.abort();
  }, [filters, trafficsource]);
  return found?.filters === filters ? found.state : { status: 'loading' };
}
