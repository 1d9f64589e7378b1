import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  throw data({ path: new URL(request.url).pathname }, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
