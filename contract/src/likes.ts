import { z } from 'zod';
import { ProfileCardSchema } from './search.js';
import { VALIDATION } from './validation.js';

const profileId = z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);

/** POST and DELETE /api/likes.php (spec §7): the body names the profile. */
export const LikeRequestSchema = z.object({ profile: profileId });
export type LikeRequest = z.infer<typeof LikeRequestSchema>;

/** A like the member received: `like_new` until they open that profile from the likes (spec §4). */
export const LikedBySchema = z.object({
  id: z.number().int(),
  like_new: z.boolean(),
  /** Ours: when it was given, for "liked you 2 days ago". */
  created_at: z.string(),
  profile: ProfileCardSchema,
});
export type LikedBy = z.infer<typeof LikedBySchema>;

/**
 * GET /api/likes.php (spec §3 Likes response): `profiles` are the ones the member liked, newest
 * first; `liked_by` the ones who liked the member, new ones first, then newest.
 */
export const LikesResponseSchema = z.object({
  profiles: z.array(ProfileCardSchema),
  liked_by: z.array(LikedBySchema),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/** PUT /api/likes.php?seen=1 — ours: opening a profile from the likes marks its like as not new (spec §4). */
export const LikeSeenRequestSchema = z.object({ profile: profileId });
export const LikeSeenQuerySchema = z.object({ seen: z.literal('1', VALIDATION.choice) });
