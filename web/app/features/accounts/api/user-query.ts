import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/user.php in the app's cache; the server-rendered page's user is its first answer. Every
 * page polls it, so the fetcher and its schemas load on first use, out of the first load.
 */
export function userQueryOptions() {
  return queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => import('./account-calls').then((api) => api.getUser(signal)),
  });
}
