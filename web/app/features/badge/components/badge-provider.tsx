import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useWebContext } from '../../../lib/use-web-context';
import type { BadgeCounts } from '../api/badge-calls';
import { useBadgePolling } from '../hooks/use-badge-polling';

const BadgeContext = createContext<BadgeCounts | null>(null);

const TITLE_COUNT = /^\(\d+\) /;

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

/**
 * Counts the unread messages and new likes for the whole app (spec §4), shows their sum in the
 * title and on the app icon, and hands them to the header through `useBadgeCounts`.
 */
export function BadgeProvider({ children }: { children: ReactNode }) {
  const { user } = useWebContext();
  const counts = useBadgePolling();
  // Logged out: nothing to show, so clear what a member left on the icon.
  const total = !user ? 0 : counts ? counts.unread + counts.newLikes : null;
  useTitleCount(total ?? 0);
  useAppBadge(total);
  return <BadgeContext.Provider value={counts}>{children}</BadgeContext.Provider>;
}

/** The counts for the header's Chats and Likes links; null while unknown or logged out. */
export function useBadgeCounts(): BadgeCounts | null {
  return useContext(BadgeContext);
}
