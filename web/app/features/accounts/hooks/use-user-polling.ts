import { useQuery } from '@tanstack/react-query';
import { USER_POLL_INTERVAL_MS, USER_POLL_INTERVAL_WITH_PUSH_MS } from '../../../lib/constants';
import { usePollSchedule } from '../../../lib/poll-schedule';
import { useWebContext } from '../../../lib/use-web-context';
import { userQueryOptions } from '../api/user-query';

const POLLING = { intervalMs: USER_POLL_INTERVAL_MS, withPushMs: USER_POLL_INTERVAL_WITH_PUSH_MS };

/**
 * Spec §4/§9: while logged in the user is fetched every 60 s, or every 300 s when push brings the
 * news instead. The server-rendered user is the first answer, so the first call waits a whole
 * interval. A 403 (the session ended elsewhere) is handled where every 403 is: the query cache
 * reloads the page data as logged out, which ends this polling.
 */
export function useUserPolling() {
  const { user } = useWebContext();
  const options = userQueryOptions();
  const schedule = usePollSchedule(user?.profile.id ?? null, POLLING, options.queryKey);
  useQuery({ ...options, ...schedule, initialData: user ?? undefined, staleTime: schedule.refetchInterval });
}
