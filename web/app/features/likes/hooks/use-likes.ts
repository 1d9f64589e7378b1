import type { LikesResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePolledChatsAndLikes } from '../../../lib/polled-chats-likes';
import { getLikes } from '../api/get-likes';

export type LikesState =
  | { status: 'loading'; likes: LikesResponse | null }
  | { status: 'ready'; likes: LikesResponse }
  | { status: 'error'; likes: LikesResponse | null };

/**
 * The member's likes in both directions: read when the screen opens or asks, and kept current by
 * the app's chats-and-likes polling (spec §9), which also follows the live `like` event (a like
 * coming in, or the member liking or unliking in any tab). A reload keeps showing the old lists
 * until the new ones arrive, so the grid does not flash empty. A 403 means the session ended: the
 * page data is loaded again, which sends the logged-out visitor to the login (spec §8).
 */
export function useLikes() {
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<LikesState>({ status: 'loading', likes: null });
  // Each reload asks for a new read; the effect below does the reading and drops a stale answer.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getLikes(controller.signal).then(
      (likes) => {
        if (!controller.signal.aborted) setState({ status: 'ready', likes });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          void revalidate();
          return;
        }
        console.warn('loading likes failed', error);
        setState((previous) => ({ status: 'error', likes: previous.likes }));
      },
    );
    return () => controller.abort();
  }, [generation, revalidate]);

  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', likes: previous.likes }));
    setGeneration((value) => value + 1);
  }, []);

  usePolledChatsAndLikes(({ likes }) => setState({ status: 'ready', likes }));

  return { state, reload };
}
