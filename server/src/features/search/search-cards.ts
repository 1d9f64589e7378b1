import { ProfileCardSchema, type SearchResponse } from '@rendezvous/contract';
import { LRUCache } from 'lru-cache';
import { jsonWriter } from '../../lib/json-writer.js';
import type { SearchRepository } from './search.repository.js';

/**
 * How long a card (name, city, photos) is reused at most. Any change others can see, a member
 * leaving search (deleted, banned) included, drops the card as soon as this node learns of it
 * (`forget`, within a second on every node); this bounds a change written some other way.
 */
export const CARD_CACHE_TTL_MS = 5 * 60_000;
const CARD_CACHE_ENTRIES = 50_000;
const NOBODY: ReadonlySet<number> = new Set();

const writeCard = jsonWriter(ProfileCardSchema.omit({ likes: true }));

/**
 * The cards of a page of results, in its order, as `viewerId` sees them, as JSON ready to send:
 * a card is written once when it is read and reused from then on, with only the viewer's like
 * added per answer. Only searchable members have a card (a card is read with the member's
 * status), so the cache answers who may be shown; members blocked either way and the viewer's
 * likes among the page are read per answer and never cached (decision 002).
 */
export function createSearchCards(repository: SearchRepository) {
  /** Each card's JSON without its closing brace, so that the viewer's like can follow. */
  const cache = new LRUCache<number, string>({ max: CARD_CACHE_ENTRIES, ttl: CARD_CACHE_TTL_MS });
  return {
    async of(ids: readonly number[], viewerId: number | null): Promise<string[]> {
      if (ids.length === 0) return [];
      const { blocked, liked } =
        viewerId === null ? { blocked: NOBODY, liked: NOBODY } : await repository.viewerRelations(viewerId, ids);
      const open = new Map<number, string>();
      const missing: number[] = [];
      for (const id of ids) {
        if (blocked.has(id)) continue;
        const card = cache.get(id);
        if (card) open.set(id, card);
        else missing.push(id);
      }
      for (const card of await repository.cards(missing)) {
        const json = writeCard(card).slice(0, -1);
        cache.set(card.id, json);
        open.set(card.id, json);
      }
      return ids.flatMap((id) => {
        const card = open.get(id);
        return card === undefined ? [] : [`${card},"likes":{"did_like_profile":${liked.has(id)}}}`];
      });
    },

    /** Members who changed: their cards are read again, which also finds those who left search. */
    forget(ids: readonly number[]): void {
      for (const id of ids) cache.delete(id);
    },
  };
}

/** The whole answer of /api/search.php (contract SearchResponse) around cards from `of`. */
export function searchResponseJson(cards: readonly string[], rest: Omit<SearchResponse, 'profiles'>): string {
  return `{"profiles":[${cards.join(',')}],"filter_options":${JSON.stringify(rest.filter_options)},"paging":${JSON.stringify(rest.paging)}}`;
}
