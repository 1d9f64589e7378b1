import type { ProfileCard } from '@rendezvous/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { likedAmong } from '../../db/likes.js';
import type { MemberCard, SearchRepository } from './search.repository.js';

/**
 * How long a card's content (name, city, photos) is reused. Whether a member may be shown at
 * all is asked of the database on every answer, so a deleted or banned member never shows;
 * only an edit to a profile may take this long to reach other members' results.
 */
export const CARD_CACHE_TTL_MS = 10_000;
const CARD_CACHE_ENTRIES = 50_000;

/**
 * The cards of a page of results, in its order, as `viewerId` sees them: a cheap visibility check
 * (which also hides members blocked either way), the viewer's likes among the page, then the cache.
 * Likes are read per answer and never cached (decision 002).
 */
export function createSearchCards(repository: SearchRepository, db: Db) {
  const cache = new LRUCache<number, MemberCard>({ max: CARD_CACHE_ENTRIES, ttl: CARD_CACHE_TTL_MS });
  return {
    async of(ids: readonly number[], viewerId: number | null): Promise<ProfileCard[]> {
      const [visible, liked] = await Promise.all([
        repository.searchable(ids, viewerId),
        viewerId === null ? new Set<number>() : likedAmong(db, viewerId, ids),
      ]);
      const missing = ids.filter((id) => visible.has(id) && !cache.has(id));
      for (const card of await repository.cards(missing)) cache.set(card.id, card);
      return ids.flatMap((id) => {
        const card = visible.has(id) ? cache.get(id) : undefined;
        return card ? [{ ...card, likes: { did_like_profile: liked.has(id) } }] : [];
      });
    },
  };
}
