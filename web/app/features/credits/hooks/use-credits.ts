import type { CreditsResponse } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { creditsQueryOptions } from '../api/get-credits';

export type CreditsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; credits: CreditsResponse };

/** The member's balance, price of a message and ledger, fetched again when `reloadKey` changes. */
export function useCredits(reloadKey: unknown = 0): CreditsState {
  const queryClient = useQueryClient();
  const query = useQuery(creditsQueryOptions());
  const firstKey = useRef(reloadKey);
  useEffect(() => {
    if (Object.is(firstKey.current, reloadKey)) return;
    firstKey.current = reloadKey;
    void queryClient.invalidateQueries({ queryKey: creditsQueryOptions().queryKey });
  }, [queryClient, reloadKey]);
  if (query.data) return { status: 'ready', credits: query.data };
  return query.isError ? { status: 'error' } : { status: 'loading' };
}
