import type { MatchFinderResponse } from '@rendezvous/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { findMatches } from '../api/find-matches';
import { filtersToSearch, type MatchFilters } from '../lib/match-filters';

export type FoundMatches =
  { status: 'loading' } | { status: 'ready'; result: MatchFinderResponse } | { status: 'error'; limited: boolean };

/** The matches for these filters, read again whenever they change; null filters read nothing. */
export function useFoundMatches(filters: MatchFilters | null, trafficsource: string | null): FoundMatches {
  const [found, setFound] = useState<{ key: string; state: FoundMatches } | null>(null);
  const key = filters ? filtersToSearch(filters) : '';
  useEffect(() => {
    if (!filters) return;
    const controller = new AbortController();
    findMatches(filters, trafficsource, controller.signal)
      .then((result) => setFound({ key, state: { status: 'ready', result } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: search failures are logged; the page says so and offers to start over.
        console.warn('match finder search failed', error);
        const limited = error instanceof ApiError && error.status === 429;
        setFound({ key, state: { status: 'error', limited } });
      });
    return () => controller.abort();
    // The key stands for the filters: a new object with the same answers reads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, trafficsource]);
  return found?.key === key ? found.state : { status: 'loading' };
}
