import type { WebContext } from '@rendezvous/contract';
import { NAMED_ROUTES } from '../route-table';

const LOGGED_OUT_PARAM = 'logged_out';

/**
 * Spec §4/§8: when the logout call fails the member still lands on the login page, logged out.
 * The server may still hold the session, so the login page's address carries the member's
 * word and that page alone shows no user; logging in again, or any other page, goes by the
 * session once more.
 */
export const LOGIN_AFTER_FAILED_LOGOUT = `${NAMED_ROUTES.login}?${LOGGED_OUT_PARAM}=1`;

/** The web context a page is rendered with: the server's, without the user after a failed logout. */
export function webContextFor(request: Request, web: WebContext): WebContext {
  const url = new URL(request.url);
  const loggedOutHere = url.pathname === NAMED_ROUTES.login && url.searchParams.has(LOGGED_OUT_PARAM);
  return loggedOutHere ? { ...web, user: null } : web;
}
