import { PAGE_HIDDEN_PATH } from '@rendezvous/contract';
import { useEffect } from 'react';

/**
 * Spec §7: when a member's page is hidden (tab switched, app backgrounded, page closed) the
 * server hears of it, so "last seen" is when they left rather than their last click. A beacon,
 * because a fetch may be cancelled as the page goes away. Closing a tab fires both
 * `visibilitychange` and `pagehide`; one hide sends one beacon, and showing the page again
 * (also from the back-forward cache) arms the next.
 */
export function usePageHiddenBeacon(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn || typeof navigator.sendBeacon !== 'function') return;
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      // The spec's empty JSON; the browser adds the cookies and Sec-Fetch-Site the route checks.
      navigator.sendBeacon(PAGE_HIDDEN_PATH, new Blob(['{}'], { type: 'application/json' }));
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') send();
      else sent = false;
    };
    const onPageShow = () => {
      sent = false;
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', send);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', send);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [loggedIn]);
}
