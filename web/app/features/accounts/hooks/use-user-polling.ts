import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { USER_POLL_INTERVAL_MS, USER_POLL_INTERVAL_WITH_PUSH_MS } from '../../../lib/constants';
import { hasPushSubscription } from '../../../lib/push-subscription';
import { useWebContext } from '../../../lib/use-web-context';

/**
 * Spec §4/§9: while logged in the user is fetched every 60 s, or every 300 s when push
 * brings the news instead; a 403 means the session ended elsewhere, so the page reloads
 * its data as logged out. The interval is chosen again before each call, so subscribing
 * during sign-up slows the polling from then on.
 */
export function useUserPolling() {
  const { user } = useWebContext();
  const { revalidate } = useRevalidator();
  const loggedIn = Boolean(user);

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const scheduleNext = async () => {
      const interval = (await hasPushSubscription()) ? USER_POLL_INTERVAL_WITH_PUSH_MS : USER_POLL_INTERVAL_MS;
      if (!controller.signal.aborted) timer = setTimeout(poll, interval);
    };
    const poll = () => {
      // Loaded on use: the calls and their schemas stay out of every page's first load.
      import('../api/account-calls')
        .then(({ getUser }) => getUser(controller.signal))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 403) void revalidate();
        })
        .then(scheduleNext);
    };

    void scheduleNext();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [loggedIn, revalidate]);
}
