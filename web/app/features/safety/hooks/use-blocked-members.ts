import type { BlockedResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { blockedQueryOptions, useUnblockMember } from '../api/safety-calls';

export type BlockedMember = BlockedResponse['blocked'][number];
export type BlockedMembersState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; blocked: BlockedMember[] };

/** The members this member blocked, and a way to undo one block (the server answers the new list). */
export function useBlockedMembers() {
  const query = useQuery(blockedQueryOptions());
  const { mutateAsync } = useUnblockMember();

  /** Rejects when the block could not be undone; the list then stays as it was. */
  const unblock = useCallback(async (profileId: number) => void (await mutateAsync(profileId)), [mutateAsync]);

  const state: BlockedMembersState = query.data
    ? { status: 'ready', blocked: query.data.blocked }
    : query.isError
      ? { status: 'error' }
      : { status: 'loading' };
  return { state, unblock };
}
