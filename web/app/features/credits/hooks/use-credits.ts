import type { CreditsResponse } from '@rendezvous/contract';
import { useEffect, useState } from 'react';
import { getCredits } from '../api/get-credits';

export type CreditsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; credits: CreditsResponse };

/** The member's balance, price of a message and ledger, fetched again when `reloadKey` changes. */
export function useCredits(reloadKey: unknown = 0): CreditsState {
  const [state, setState] = useState<CreditsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getCredits(controller.signal)
      .then((credits) => setState({ status: 'ready', credits }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the credits', error);
        setState((current) => (current.status === 'ready' ? current : { status: 'error' }));
      });
    return () => controller.abort();
  }, [reloadKey]);
  return state;
}
