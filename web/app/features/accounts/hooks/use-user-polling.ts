import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { USER_POLL_INTERVAL_MS } from '../../../lib/constants';
import { useWebContext } from '../../../lib/use-web-context';

/**
 * Spec §4/§9: while logged in the user is fetched every 60 s; a 403 means the
 * session ended elsewhere, so the page reloads its data as logged out.
 * (With a push subscription the interval becomes 300 s once push arrives.)
 */
export function useUserPolling() {
  const { user } = useWebContext();
  const { revalidate } = useRevalidator();
  const loggedIn = Boolean(user);

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      // Loaded on use: the calls and their schemas stay out of every page's first load.
      import('../api/account-calls')
        .then(({ getUser }) => getUser(controller.signal))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 403) void revalidate();
        });
    }, USER_POLL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [loggedIn, revalidate]);
}
