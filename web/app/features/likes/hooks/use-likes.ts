import type { LikesResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { USER_POLL_INTERVAL_MS } from '../../../lib/constants';
import { useLiveEvent } from '../../../lib/live-events';
import { getLikes } from '../api/get-likes';

export type LikesState =
  | { status: 'loading'; likes: LikesResponse | null }
  | { status: 'ready'; likes: LikesResponse }
  | { status: 'error'; likes: LikesResponse | null };

/**
 * The member's likes in both directions, read again whenever a like comes in or the member
 * likes or unlikes in any tab (the live `like` event), and polled like the user (spec §9) for
 * whatever the stream missed. A reload keeps showing the old lists until the new ones arrive,
 * so the grid does not flash empty. A 403 means the session ended: the page data is loaded
 * again, which sends the logged-out visitor to the login (spec §8).
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

  useEffect(() => {
    const timer = setInterval(() => setGeneration((value) => value + 1), USER_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  useLiveEvent('like', reload);

  return { state, reload };
}
