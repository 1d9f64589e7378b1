import type { LikedBy, LikesResponse } from '@rendezvous/contract';
import { notBlockedWith } from '../../db/blocks.js';
import type { Db } from '../../db/database.js';
import { readProfileCards } from '../../db/profile-cards.js';
import { REACHABLE_STATUSES } from '../../db/schema.js';

/**
 * How many likes each list holds at most. The screens show them all at once; a member with more
 * sees the newest, which keeps one call's cards (and their photo rows) bounded.
 */
export const LIKES_LIST_LIMIT = 500;

/** Every query takes the session member's id first: a member only ever reads or changes their own likes. */
export function createLikesRepository(db: Db) {
  return {
    /** Whether `profileId` is a reachable member of the site, not the member, and not blocked either way. */
    async likeable(siteId: number, memberId: number, profileId: number): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('id', '=', profileId)
        .where('site_id', '=', siteId)
        .where('status', 'in', REACHABLE_STATUSES)
        .where(notBlockedWith(memberId))
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Likes the profile; false when the member already did (a repeat changes nothing). */
    async add(memberId: number, profileId: number, now = Date.now()): Promise<boolean> {
      const row = await db
        .insertInto('likes')
        .values({ member_id: memberId, profile_id: profileId, created_at: now })
        .onConflict((conflict) => conflict.columns(['member_id', 'profile_id']).doNothing())
        .returning('profile_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Whether `profileId` was ever told that `memberId` liked them. Unliking and liking again
     * then tells them nothing new, so toggling cannot flood someone's notifications.
     */
    async notifiedBefore(memberId: number, profileId: number): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select('id')
        .where('member_id', '=', profileId)
        .where('kind', '=', 'like')
        .where('actor_id', '=', memberId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Takes the like back; false when there was none. */
    async remove(memberId: number, profileId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('likes')
        .where('member_id', '=', memberId)
        .where('profile_id', '=', profileId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Marks the like `memberId` received from `likerId` as seen; only ever the member's own. False when it was not new. */
    async markSeen(memberId: number, likerId: number): Promise<boolean> {
      const result = await db
        .updateTable('likes')
        .set({ is_new: 0 })
        .where('profile_id', '=', memberId)
        .where('member_id', '=', likerId)
        .where('is_new', '=', 1)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Spec §3 likes response: the member's likes newest first, and the likes they received new
     * ones first, then newest. Gone, unconfirmed and blocked members drop out of both; an
     * unconfirmed member's likes show once they confirm.
     */
    async listFor(memberId: number, today = new Date()): Promise<LikesResponse> {
      const [sent, received] = await Promise.all([
        db
          .selectFrom('likes')
          .innerJoin('members', 'members.id', 'likes.profile_id')
          .select(['likes.profile_id as id'])
          .where('likes.member_id', '=', memberId)
          .where('members.status', 'in', REACHABLE_STATUSES)
          .where(notBlockedWith(memberId))
          .orderBy('likes.created_at', 'desc')
          .orderBy('likes.profile_id', 'desc')
          .limit(LIKES_LIST_LIMIT)
          .execute(),
        db
          .selectFrom('likes')
          .innerJoin('members', 'members.id', 'likes.member_id')
          .select(['likes.member_id as id', 'likes.is_new', 'likes.created_at'])
          .where('likes.profile_id', '=', memberId)
          .where('members.status', 'in', REACHABLE_STATUSES)
          .where(notBlockedWith(memberId))
          .orderBy('likes.is_new', 'desc')
          .orderBy('likes.created_at', 'desc')
          .orderBy('likes.member_id', 'desc')
          .limit(LIKES_LIST_LIMIT)
          .execute(),
      ]);
      const sentIds = sent.map((row) => row.id);
      const liked = new Set(sentIds);
      const cards = new Map(
        (await readProfileCards(db, [...new Set([...sentIds, ...received.map((row) => row.id)])], today)).map(
          (card) => [card.id, card],
        ),
      );
      return {
        profiles: sentIds.flatMap((id) => {
          const card = cards.get(id);
          return card ? [{ ...card, likes: { did_like_profile: true } }] : [];
        }),
        liked_by: received.flatMap((row): LikedBy[] => {
          const card = cards.get(row.id);
          if (!card) return [];
          return [
            {
              id: row.id,
              like_new: row.is_new === 1,
              created_at: new Date(row.created_at).toISOString(),
              profile: { ...card, likes: { did_like_profile: liked.has(row.id) } },
            },
          ];
        }),
      };
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;
