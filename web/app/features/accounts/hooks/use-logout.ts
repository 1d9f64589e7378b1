import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { LOGOUT_FLAG_RESET_MS } from '../../../lib/constants';
import { LOGIN_AFTER_FAILED_LOGOUT } from '../../../lib/logged-out';
import { useWebContext } from '../../../lib/use-web-context';
import { NAMED_ROUTES } from '../../../route-table';

/**
 * Spec §4 logout: a logging-out flag while the call runs; done or not, the user
 * is cleared and the login page opens; the flag resets 1000 ms after that.
 */
export function useLogout() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { user } = useWebContext();
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    if (!loggingOut || user) return;
    const timer = setTimeout(() => setLoggingOut(false), LOGOUT_FLAG_RESET_MS);
    return () => clearTimeout(timer);
  }, [loggingOut, user]);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    let loggedOut = false;
    try {
      // Loaded on use: the calls and their schemas stay out of every page's first load.
      const { logOut } = await import('../api/account-calls');
      await logOut();
      loggedOut = true;
    } catch (error) {
      // Spec §8: a failed logout is logged; the member still leaves, though the session may live on.
      console.warn('Logout failed', error);
    }
    await navigate(loggedOut ? NAMED_ROUTES.login : LOGIN_AFTER_FAILED_LOGOUT);
    await revalidate();
  }, [navigate, revalidate]);

  return { logout, loggingOut };
}
