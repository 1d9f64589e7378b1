import { LIKES_PATH, type LikeRequest, type LikesResponse } from '@rendezvous/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { optimisticUpdate } from '../../../lib/optimistic-update';
import { likesQueryOptions } from './likes-query';

/** POST /api/likes.php; liking twice is harmless, the server keeps one like. */
export function likeProfile(profile: number) {
  return apiSend('POST', LIKES_PATH, { profile } satisfies LikeRequest);
}

/** DELETE /api/likes.php. */
export function unlikeProfile(profile: number) {
  return apiSend('DELETE', LIKES_PATH, { profile } satisfies LikeRequest);
}

/**
 * POST or DELETE /api/likes.php, whichever makes the like `liked`; the likes reload afterwards
 * (spec §7), so the likes screen and the badge follow.
 */
export function useSetLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, liked }: { profile: number; liked: boolean }) =>
      liked ? likeProfile(profile) : unlikeProfile(profile),
    onSettled: () => queryClient.invalidateQueries({ queryKey: likesQueryOptions().queryKey }),
  });
}

/** PUT /api/likes.php?seen=1: the like this member received from `profile` is no longer new (spec §4). */
export function markLikeSeen(profile: number) {
  return apiSend('PUT', `${LIKES_PATH}?seen=1`, { profile } satisfies LikeRequest);
}

/**
 * Spec §4: opening a profile from the likes marks that like as no longer new, in the cache at once
 * (the badge and the likes screen follow) and back if the server refused; a failure is logged only.
 */
export function useMarkLikeSeen() {
  const queryClient = useQueryClient();
  const { queryKey } = likesQueryOptions();
  const { onMutate, rollBack } = optimisticUpdate<LikesResponse, number>(queryClient, queryKey, (likes, profile) => ({
    ...likes,
    liked_by: likes.liked_by.map((like) => (like.profile.id === profile ? { ...like, like_new: false } : like)),
  }));
  return useMutation({
    mutationFn: markLikeSeen,
    onMutate,
    onError: (error, _profile, context) => {
      console.warn('marking a like seen failed', error);
      rollBack(context);
    },
  });
}
