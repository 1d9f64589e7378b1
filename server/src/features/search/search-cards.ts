import type { ProfileCard } from '@rendezvous/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { blockedEitherWay } from '../../db/blocks.js';
import { likedAmong } from '../../db/likes.js';
import type { MemberCard, SearchRepository } from './search.repository.js';

/**
 * How long a card (name, city, photos) is reused at most. Any change others can see, a member
 * leaving search (deleted, banned) included, drops the card as soon as this node learns of it
 * (`forget`, within a second on every node); this bounds a change written some other way.
 */
export const CARD_CACHE_TTL_MS = 5 * 60_000;
const CARD_CACHE_ENTRIES = 50_000;
const NOBODY: ReadonlySet<number> = new Set();

/**
 * The cards of a page of results, in its order, as `viewerId` sees them. Only searchable members
 * have a card (a card is read with the member's status), so the cache answers who may be shown;
 * members blocked either way and the viewer's likes among the page are read per answer and
 * never cached (decision 002).
 */
export function createSearchCards(repository: SearchRepository, db: Db) {
  const cache = new LRUCache<number, MemberCard>({ max: CARD_CACHE_ENTRIES, ttl: CARD_CACHE_TTL_MS });
  return {
    async of(ids: readonly number[], viewerId: number | null): Promise<ProfileCard[]> {
      if (ids.length === 0) return [];
      const [blocked, liked] =
        viewerId === null
          ? [NOBODY, NOBODY]
          : await Promise.all([blockedEitherWay(db, viewerId), likedAmong(db, viewerId, ids)]);
      const cards = new Map<number, MemberCard>();
      const missing: number[] = [];
      for (const id of ids) {
        if (blocked.has(id)) continue;
        const card = cache.get(id);
        if (card) cards.set(id, card);
        else missing.push(id);
      }
      for (const card of await repository.cards(missing)) {
        cache.set(card.id, card);
        cards.set(card.id, card);
      }
      return ids.flatMap((id) => {
        const card = cards.get(id);
        return card ? [{ ...card, likes: { did_like_profile: liked.has(id) } }] : [];
      });
    },

    /** Members who changed: their cards are read again, which also finds those who left search. */
    forget(ids: readonly number[]): void {
      for (const id of ids) cache.delete(id);
    },
  };
}
