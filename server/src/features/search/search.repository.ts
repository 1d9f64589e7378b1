import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { notBlockedWith } from '../../db/blocks.js';
import { readProfileCards, type MemberCard } from '../../db/profile-cards.js';
import { birthDateRange, type ResolvedFilters } from './search-filters.js';

export type { MemberCard };

interface Ranked {
  id: number;
  search_rank: number;
}

const byRank = (a: Ranked, b: Ranked) => b.search_rank - a.search_rank || b.id - a.id;

export function createSearchRepository(db: Db) {
  const sqlite = dialectOf(db) === 'sqlite';
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

    /**
     * Which of these members may be shown: nobody deleted, banned or unconfirmed, and for a
     * logged-in viewer nobody blocked either way (the cached lists are shared, so this is per answer).
     */
    async searchable(ids: readonly number[], viewerId: number | null = null): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const notBlocked = viewerId === null ? sql<boolean>`1 = 1` : notBlockedWith(viewerId);
      // SQLite's planner prefers the table's rowid, a random page per member at a million
      // members; the index of searchable ids answers from a few dense pages, twice as fast.
      // PostgreSQL picks the index by itself and knows no INDEXED BY.
      const index = sqlite ? sql`indexed by members_searchable_ids` : sql``;
      const { rows } = await sql<{ id: number }>`select id from members ${index}
        where id in (${sql.join(ids)}) and status = 'active' and ${notBlocked}`.execute(db);
      return new Set(rows.map((row) => row.id));
    },

    /** The cards of these members in the given order; anyone no longer searchable drops out. */
    cards(ids: readonly number[], today = new Date()): Promise<MemberCard[]> {
      return readProfileCards(db, ids, today);
    },

    async savedSearch(memberId: number) {
      return db
        .selectFrom('member_searches')
        .select(['gender', 'min_age', 'max_age', 'country', 'countryregion'])
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    async saveSearch(memberId: number, filters: ResolvedFilters): Promise<void> {
      const values = {
        gender: filters.gender,
        min_age: filters.min_age,
        max_age: filters.max_age,
        country: filters.country,
        countryregion: filters.countryregion,
        updated_at: Date.now(),
      };
      await db
        .insertInto('member_searches')
        .values({ member_id: memberId, ...values })
        .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
        .execute();
    },

    /** Region id → country, for checking a requested region; regions change only with a deploy. */
    async regionCountries(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('regions').select(['id', 'country']).execute();
      return new Map(rows.map((row) => [row.id, row.country]));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
