import type { LikesResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isSessionLost } from '../../../lib/query-client';
import { likesQueryOptions } from '../api/likes-query';

export type LikesState =
  | { status: 'loading'; likes: LikesResponse | null }
  | { status: 'ready'; likes: LikesResponse }
  | { status: 'error'; likes: LikesResponse | null };

/**
 * The member's likes in both directions from the app's cache, which the app's chats-and-likes
 * polling (spec §9) keeps current, as does the live `like` event (a like coming in, or the member
 * liking or unliking in any tab). A reload keeps showing the old lists until the new ones arrive,
 * so the grid does not flash empty. A 403 is handled by the cache for every call (spec §8).
 */
export function useLikes() {
  const query = useQuery(likesQueryOptions());
  const likes = query.data ?? null;
  const state: LikesState =
    // A lost session is no failure of this screen: the page is about to load as logged out.
    query.isError && !query.isFetching && !isSessionLost(query.error)
      ? { status: 'error', likes }
      : likes
        ? { status: 'ready', likes }
        : { status: 'loading', likes };
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { state, reload };
}
