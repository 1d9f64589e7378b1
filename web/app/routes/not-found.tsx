import { data } from 'react-router';
import { requireDevTools } from './dev/dev-only';
import type { Route } from './+types/not-found';

export function loader({ context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // Spec §2: the whole developer area redirects home in production, previews that do not exist too.
  if (pathname.startsWith('/_dev/')) requireDevTools({ context });
  throw data({ path: pathname }, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
