import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Server data is shared between screens this long before a screen that mounts asks again. */
const STALE_TIME_MS = 10_000;

/**
 * Spec §4/§8: a 403 that names no other reason (a block, an unconfirmed address) means the
 * session ended elsewhere.
 */
export function isSessionLost(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const code = error.body?.error.code;
  return code === undefined || code === 'not_logged_in' || code === 'csrf_failed';
}

/**
 * The web app's one store of server data. `onSessionLost` is the one place a lost session is
 * handled, for every query and mutation alike (spec §4/§8: the user is fetched again).
 */
export function createQueryClient(onSessionLost: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionLost(error)) onSessionLost();
        // Spec §8: a failed read is logged; the screen shows its own failure state.
        else console.warn('Could not load', query.queryKey, error);
      },
    }),
    // A failed change is reported by the screen that asked for it, in its own words.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSessionLost(error)) onSessionLost();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        // An answer from the server (a refusal, a 500) stands until the next poll; a dropped connection is tried once more.
        retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
        // Spec §9 sets when the app asks: on its polling and live events, not on focus or reconnect.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Spec §9 polls on whether or not the tab is in view (the badge and title count for a hidden tab).
        refetchIntervalInBackground: true,
      },
      mutations: { retry: false },
    },
  });
}
