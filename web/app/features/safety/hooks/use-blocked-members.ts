import type { BlockedResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useState } from 'react';
import { getBlockedMembers, unblockMember } from '../api/safety-calls';

export type BlockedMember = BlockedResponse['blocked'][number];
export type BlockedMembersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; blocked: BlockedMember[] };

/** The members this member blocked, and a way to undo one block (the server answers the new list). */
export function useBlockedMembers() {
  const [state, setState] = useState<BlockedMembersState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getBlockedMembers(controller.signal)
      .then(({ blocked }) => setState({ status: 'ready', blocked }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the blocked members', error);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  /** Rejects when the block could not be undone; the list then stays as it was. */
  const unblock = useCallback(async (profileId: number) => {
    const { blocked } = await unblockMember(profileId);
    setState({ status: 'ready', blocked });
  }, []);

  return { state, unblock };
}
