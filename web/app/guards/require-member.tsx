import { Outlet, redirect } from 'react-router';
import type { Route } from './+types/require-member';

/**
 * Spec §2 route guard. The loader runs on the server for every navigation, so
 * the user is always fetched fresh from the session; still logged out means login.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.web.user) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(pathname + search)}`);
}

export default function RequireMember() {
  return <Outlet />;
}
