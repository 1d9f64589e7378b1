import { LIKES_PATH, type LikeRequest } from '@rendezvous/contract';
import { apiSend } from '../../../lib/api-client';

/** POST /api/likes.php; liking twice is harmless, the server keeps one like. */
export function likeProfile(profile: number) {
  return apiSend('POST', LIKES_PATH, { profile } satisfies LikeRequest);
}

/** DELETE /api/likes.php. */
export function unlikeProfile(profile: number) {
  return apiSend('DELETE', LIKES_PATH, { profile } satisfies LikeRequest);
}

/** PUT /api/likes.php?seen=1: the like this member received from `profile` is no longer new (spec §4). */
export function markLikeSeen(profile: number) {
  return apiSend('PUT', `${LIKES_PATH}?seen=1`, { profile } satisfies LikeRequest);
}
