import type { ChatsResponse, LikesResponse } from '@rendezvous/contract';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  CHATS_LIKES_POLL_DELAY_MS,
  CHATS_LIKES_POLL_INTERVAL_MS,
  CHATS_LIKES_POLL_INTERVAL_WITH_PUSH_MS,
} from '../../../lib/constants';
import { useLiveRefetch } from '../../../lib/live-events';
import { usePollSchedule } from '../../../lib/poll-schedule';
import { TITLE_COUNT } from '../../../lib/use-page-title';
import { useWebContext } from '../../../lib/use-web-context';
import { useReportBadgeCounts } from '../components/badge-provider';
import { countBadge } from '../count-badge';

/** Spec §4 in the tab title, "(3) Site", kept there when a page sets a title of its own. */
function useTitleCount(count: number) {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(TITLE_COUNT, '');
      const title = count > 0 ? `(${count}) ${base}` : base;
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(TITLE_COUNT, '');
    };
  }, [count]);
}

/** Spec §4 on the installed app's icon, where the browser offers it. */
function useAppBadge(count: number | null) {
  useEffect(() => {
    // Unknown yet: leave what the service worker set from a push alone.
    if (count === null || typeof navigator.setAppBadge !== 'function') return;
    const update = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    update.catch((error: unknown) => console.warn('Could not update the app badge', error));
  }, [count]);
}

const POLLING = {
  intervalMs: CHATS_LIKES_POLL_INTERVAL_MS,
  withPushMs: CHATS_LIKES_POLL_INTERVAL_WITH_PUSH_MS,
  delayMs: CHATS_LIKES_POLL_DELAY_MS,
};

interface BadgeQueries<C extends QueryKey, L extends QueryKey> {
  /** The chats and likes queries of the app's cache (the app composing its services names them). */
  chats: UseQueryOptions<ChatsResponse, Error, ChatsResponse, C>;
  likes: UseQueryOptions<LikesResponse, Error, LikesResponse, L>;
}

/**
 * The app's one schedule for the chats and likes (spec §9): 1 s after the member is known, then
 * every 60 s, or 300 s with a push subscription, and shortly after a live event about them. Every
 * screen showing them reads the same cached answers. Counts the unread messages and new likes from
 * there (spec §4), shows their sum in the title and on the app icon, and hands them to the header
 * through `BadgeProvider`.
 */
export function useBadgePolling<C extends QueryKey, L extends QueryKey>({ chats, likes }: BadgeQueries<C, L>): void {
  const { user } = useWebContext();
  const memberId = user?.profile.id ?? null;
  const schedule = usePollSchedule(memberId, POLLING, chats.queryKey);
  const chatsAnswer = useQuery({ ...chats, ...schedule }).data;
  const likesAnswer = useQuery({ ...likes, ...schedule }).data;
  useLiveRefetch(['message', 'read', 'chats'], chats.queryKey);
  useLiveRefetch(['like'], likes.queryKey);

  const counts = user && chatsAnswer && likesAnswer ? countBadge(chatsAnswer, likesAnswer) : null;
  const report = useReportBadgeCounts();
  const unread = counts?.unread ?? null;
  const newLikes = counts?.newLikes ?? null;
  useEffect(() => {
    report(unread === null || newLikes === null ? null : { unread, newLikes });
    return () => report(null);
  }, [report, unread, newLikes]);
  const total = unread === null || newLikes === null ? null : unread + newLikes;
  useTitleCount(total ?? 0);
  useAppBadge(total);
}
