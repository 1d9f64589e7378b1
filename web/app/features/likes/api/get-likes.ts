import { LIKES_PATH, LikesResponseSchema } from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/likes.php: who the member liked, and who liked them (spec §3); 403 when the session is gone. */
export function getLikes(signal?: AbortSignal) {
  return apiRequest('GET', LIKES_PATH, LikesResponseSchema, { signal });
}

/** The likes in the app's cache: one answer for the badge, the likes screen and the polling (spec §9). */
export function likesQueryOptions() {
  return queryOptions({ queryKey: ['likes'], queryFn: ({ signal }) => getLikes(signal) });
}
