import { queryOptions } from '@tanstack/react-query';

/**
 * The likes in the app's cache: one answer for the badge, the likes screen and the polling (spec
 * §9). Every page polls them, so the fetcher and its schemas load on first use, out of the first load.
 */
export function likesQueryOptions() {
  return queryOptions({
    queryKey: ['likes'],
    queryFn: ({ signal }) => import('./get-likes').then((api) => api.getLikes(signal)),
  });
}
