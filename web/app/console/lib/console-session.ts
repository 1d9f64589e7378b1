import { ConsoleMeSchema, type ConsoleMe, type ConsolePermission } from '@rendezvous/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { z } from 'zod';
import { apiRequest, ApiError } from '../../lib/api-client';

/** Where the console sends anyone whose console session is missing or not yet complete. */
export const CONSOLE_LOGIN_PATH = '/console/login';
export const CONSOLE_HOME_PATH = '/console';
/** The first part of every console query's key: the console's data is removed at login and logout. */
export const CONSOLE_QUERY_KEY = 'console';

/** Takes every staff member's answers out of the app's cache, so the next one never sees them. */
export const forgetConsoleData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ queryKey: [CONSOLE_QUERY_KEY] });

/** The logged-in staff member: one answer for the shell, the home page and the account page. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'me'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/console/me', ConsoleMeSchema, { signal }),
  });
}

/** The logged-in staff member, given by the console's signed-in layout to the pages inside it. */
export const ConsoleMeContext = createContext<ConsoleMe | null>(null);

export function useConsoleMe(): ConsoleMe {
  const me = useContext(ConsoleMeContext);
  if (!me) throw new Error('useConsoleMe outside the signed-in console');
  return me;
}

export const mayDo = (me: ConsoleMe, permission: ConsolePermission) => me.permissions.includes(permission);

/**
 * A refusal that means the console session is gone or waits for its code: back to the login,
 * which picks up where it stands.
 */
export function isConsoleLoginNeeded(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const code = error.body?.error.code;
  return code === undefined || code === 'not_logged_in' || code === 'two_factor_required' || code === 'csrf_failed';
}

export const isReconfirmNeeded = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.body?.error.code === 'reconfirm_required';

export const isRateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;

const OkSchema = z.object({ ok: z.literal(true) });

export const logOut = () => apiRequest('POST', '/api/console/logout', OkSchema, { body: {} });

export const reconfirm = (code: string) => apiRequest('POST', '/api/console/reconfirm', OkSchema, { body: { code } });
