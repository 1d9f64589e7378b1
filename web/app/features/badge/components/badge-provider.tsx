import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { BadgeCounts } from '../count-badge';

type ReportCounts = (counts: BadgeCounts | null) => void;

const BadgeContext = createContext<BadgeCounts | null>(null);
const ReportContext = createContext<ReportCounts>(() => undefined);

/**
 * Holds the counts the header shows (spec §4). The polling that finds them (`useBadgePolling`)
 * comes with the member's other services after the page: a visitor's first load goes without it,
 * and a member's counts are known 1 s after the page at the earliest anyway.
 */
export function BadgeProvider({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const [counts, setCounts] = useState<BadgeCounts | null>(null);
  useEffect(() => {
    // Logged out: nothing to show, so clear what a member left on the icon.
    if (loggedIn || typeof navigator.clearAppBadge !== 'function') return;
    navigator.clearAppBadge().catch((error: unknown) => console.warn('Could not clear the app badge', error));
  }, [loggedIn]);
  return (
    <ReportContext value={setCounts}>
      <BadgeContext value={loggedIn ? counts : null}>{children}</BadgeContext>
    </ReportContext>
  );
}

/** The counts for the header's Chats and Likes links; null while unknown or logged out. */
export function useBadgeCounts(): BadgeCounts | null {
  return useContext(BadgeContext);
}

/** How the polling hands its counts to the header; null when they are unknown again. */
export function useReportBadgeCounts(): ReportCounts {
  return useContext(ReportContext);
}
