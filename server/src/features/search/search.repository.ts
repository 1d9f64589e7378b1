import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { readProfileCards, type MemberCard } from '../../db/profile-cards.js';
import { GONE_STATUSES } from '../../db/schema.js';
import { viewerRelations, type ViewerRelations } from '../../db/viewer-relations.js';
import { birthDateRange, type ResolvedFilters, type SavedSearch } from './search-filters.js';

export type { MemberCard };

interface Ranked {
  id: number;
  search_rank: number;
}

const byRank = (a: Ranked, b: Ranked) => b.search_rank - a.search_rank || b.id - a.id;

export function createSearchRepository(db: Db) {
  /**
   * `byAge` decides which index serves the birth-date range: the age index reads only the
   * matches and sorts them, the order index reads in search order and skips non-matches.
   * The planner cannot tell which reads fewer, so the caller says, and the other index is
   * kept out by wrapping its column in an expression.
   */
  function matching(siteId: number, filters: ResolvedFilters, country: string, excludeId: number | null, byAge = true) {
    const { from, to } = birthDateRange(filters.min_age, filters.max_age);
    const birthDate = byAge ? sql.ref('date_of_birth') : sql`date_of_birth || ''`;
    let query = db
      .selectFrom('members')
      .where('site_id', '=', siteId)
      .where('status', '=', 'active')
      // Both as the search indexes' own condition (migration 2026_11_26_000002), so they serve.
      .where('listed', '=', 1)
      .where('gender', '=', filters.gender)
      .where('country', '=', country)
      .where(birthDate, '>=', from)
      .where(birthDate, '<=', to);
    if (filters.countryregion !== 0) query = query.where('countryregion', '=', filters.countryregion);
    if (excludeId !== null) query = query.where('id', '!=', excludeId);
    return query;
  }

  return {
    /**
     * The first `limit` matching ids in search order. Each country is read in index order up
     * to the limit and the lists are merged, since no index orders two countries together.
     */
    async ranked(
      siteId: number,
      filters: ResolvedFilters,
      limit: number,
      options: { excludeId: number | null; byAge: boolean },
    ) {
      // `+ 0` keeps the order index out when the age index should serve.
      const rank = options.byAge ? sql<number>`search_rank + 0` : sql.ref<number>('search_rank');
      const perCountry = await Promise.all(
        filters.countries.map((country) =>
          matching(siteId, filters, country, options.excludeId, options.byAge)
            .select(['id', 'search_rank'])
            .orderBy(rank, 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .execute(),
        ),
      );
      const merged = perCountry.length === 1 ? perCountry[0]! : perCountry.flat().sort(byRank);
      return merged.slice(0, limit).map((row) => row.id);
    },

    /** How many members match, the member themself included when they do. */
    async count(siteId: number, filters: ResolvedFilters): Promise<number> {
      const counts = await Promise.all(
        filters.countries.map((country) =>
          matching(siteId, filters, country, null)
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow(),
        ),
      );
      return counts.reduce((sum, row) => sum + Number(row.count), 0);
    },

    /** Who the viewer may not see (a block either way) and whom among `ids` they liked; never cached (decision 002). */
    viewerRelations(viewerId: number, ids: readonly number[]): Promise<ViewerRelations> {
      return viewerRelations(db, viewerId, ids);
    },

    /** The cards of these members in the given order; anyone no longer searchable (gone, unlisted) drops out. */
    cards(ids: readonly number[], today = new Date()): Promise<MemberCard[]> {
      return readProfileCards(db, ids, today, { listedOnly: true });
    },

    async savedSearch(memberId: number): Promise<SavedSearch | undefined> {
      return db
        .selectFrom('member_searches')
        .select(['gender', 'min_age', 'max_age', 'country', 'countryregion'])
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /**
     * Stores several members' searches in one transaction. A member who left meanwhile (deleted,
     * banned) gets none: deleting an account removes its saved search, and nothing may bring it back.
     */
    async saveSearches(searches: ReadonlyMap<number, SavedSearch>): Promise<void> {
      const updatedAt = Date.now();
      await db.transaction().execute(async (trx) => {
        const staying = await trx
          .selectFrom('members')
          .select('id')
          .where('id', 'in', [...searches.keys()])
          .where('status', 'not in', GONE_STATUSES)
          .execute();
        for (const { id } of staying) {
          const values = { ...searches.get(id)!, updated_at: updatedAt };
          await trx
            .insertInto('member_searches')
            .values({ member_id: id, ...values })
            .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
            .execute();
        }
      });
    },

    /** Region id → country, for checking a requested region; regions change only with a deploy. */
    async regionCountries(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('regions').select(['id', 'country']).execute();
      return new Map(rows.map((row) => [row.id, row.country]));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
