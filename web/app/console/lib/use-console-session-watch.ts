import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { CONSOLE_LOGIN_PATH, CONSOLE_QUERY_KEY, isConsoleLoginNeeded } from './console-session';

/**
 * Any console call refused for want of a (complete) console session leads to the console's
 * login; the member site's own handling of a lost session is for members' calls.
 */
export function useConsoleSessionWatch(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryKey[0] !== CONSOLE_QUERY_KEY || !isConsoleLoginNeeded(event.action.error)) return;
        // The login page asks who is logged in and expects a refusal.
        if (window.location.pathname !== CONSOLE_LOGIN_PATH) void navigate(CONSOLE_LOGIN_PATH, { replace: true });
      }),
    [queryClient, navigate],
  );
}
