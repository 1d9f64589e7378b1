import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import {
  CHATS_LIKES_POLL_DELAY_MS,
  CHATS_LIKES_POLL_INTERVAL_MS,
  CHATS_LIKES_POLL_INTERVAL_WITH_PUSH_MS,
} from '../../../lib/constants';
import { useLiveEvent } from '../../../lib/live-events';
import { hasPushSubscription } from '../../../lib/push-subscription';
import { useWebContext } from '../../../lib/use-web-context';
import { usePublishChatsAndLikes } from '../../../lib/polled-chats-likes';
import type { BadgeCounts } from '../api/badge-calls';

/** Live events arrive in bursts (a message and its notification): one fetch after the burst. */
export const LIVE_REFETCH_DEBOUNCE_MS = 300;

/**
 * Spec §9: while logged in, chats and likes are fetched 1 s after the user polling starts, then
 * every 60 s, or every 300 s with a push subscription; a live event about messages or likes
 * fetches them sooner. Spec §8: a 403 re-fetches the user. This is the app's one schedule for
 * them: each answer is also published to the chats and likes screens (lib/polled-chats-likes).
 * Returns the badge counts, null until the first answer.
 */
export function useBadgePolling(): BadgeCounts | null {
  const { user } = useWebContext();
  const { revalidate } = useRevalidator();
  const memberId = user?.profile.id ?? null;
  const [result, setResult] = useState<{ memberId: number; counts: BadgeCounts } | null>(null);
  const refetch = useRef<() => void>(() => undefined);
  const publish = usePublishChatsAndLikes();

  useEffect(() => {
    if (memberId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let again = false;

    // One call at a time; a request for a fresh count during a call runs right after it.
    const poll = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      clearTimeout(timer);
      try {
        // Loaded on use: the calls and their schemas stay out of every page's first load.
        const { countBadge, getChatsAndLikes } = await import('../api/badge-calls');
        const latest = await getChatsAndLikes(controller.signal);
        setResult({ memberId, counts: countBadge(latest.chats, latest.likes) });
        publish(latest);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) void revalidate();
        else if (!controller.signal.aborted) console.warn('Could not count unread messages and new likes', error);
      } finally {
        running = false;
      }
      if (controller.signal.aborted) return;
      if (again) {
        again = false;
        void poll();
        return;
      }
      const interval = (await hasPushSubscription())
        ? CHATS_LIKES_POLL_INTERVAL_WITH_PUSH_MS
        : CHATS_LIKES_POLL_INTERVAL_MS;
      if (!controller.signal.aborted && !running) timer = setTimeout(poll, interval);
    };

    refetch.current = () => {
      clearTimeout(debounce);
      debounce = setTimeout(poll, LIVE_REFETCH_DEBOUNCE_MS);
    };
    timer = setTimeout(poll, CHATS_LIKES_POLL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(debounce);
      controller.abort();
      refetch.current = () => undefined;
    };
  }, [memberId, revalidate, publish]);

  const onChange = () => refetch.current();
  useLiveEvent('message', onChange);
  useLiveEvent('read', onChange);
  useLiveEvent('chats', onChange);
  useLiveEvent('like', onChange);

  return result && result.memberId === memberId ? result.counts : null;
}
