import { SEARCH_PAGE_SIZE, type ProfileCard } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { ageOn } from '../../lib/age.js';
import { birthDateRange, type ResolvedFilters } from './search-filters.js';

interface Ranked {
  id: number;
  search_rank: number;
}

const byRank = (a: Ranked, b: Ranked) => b.search_rank - a.search_rank || b.id - a.id;

/** One page of matching member ids and how many match, in the order of db/search-rank.ts. */
export interface ResultWindow {
  ids: number[];
  total: number;
}

export function createSearchRepository(db: Db) {
  function matching(siteId: number, filters: ResolvedFilters, country: string, excludeId: number | null) {
    const { from, to } = birthDateRange(filters.min_age, filters.max_age);
    let query = db
      .selectFrom('members')
      .where('site_id', '=', siteId)
      .where('status', '=', 'active')
      .where('gender', '=', filters.gender)
      .where('country', '=', country)
      .where('date_of_birth', '>=', from)
      .where('date_of_birth', '<=', to);
    if (filters.countryregion !== 0) query = query.where('countryregion', '=', filters.countryregion);
    if (excludeId !== null) query = query.where('id', '!=', excludeId);
    return query;
  }

  return {
    /**
     * The page's ids. Each country is read in index order up to the end of the page and the
     * lists are merged, since no index orders two countries together.
     */
    async window(
      siteId: number,
      filters: ResolvedFilters,
      page: number,
      excludeId: number | null,
    ): Promise<ResultWindow> {
      const end = page * SEARCH_PAGE_SIZE;
      const perCountry = await Promise.all(
        filters.countries.map(async (country) => {
          const base = matching(siteId, filters, country, excludeId);
          const [rows, count] = await Promise.all([
            base
              .select(['id', 'search_rank'])
              .orderBy('search_rank', 'desc')
              .orderBy('id', 'desc')
              .limit(end)
              .execute(),
            base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
          ]);
          return { rows, count: Number(count.count) };
        }),
      );
      const merged =
        perCountry.length === 1 ? perCountry[0]!.rows : perCountry.flatMap((part) => part.rows).sort(byRank);
      return {
        ids: merged.slice(end - SEARCH_PAGE_SIZE, end).map((row) => row.id),
        total: perCountry.reduce((sum, part) => sum + part.count, 0),
      };
    },

    /** The cards of these members in the given order; anyone no longer searchable drops out. */
    async cards(ids: readonly number[], today = new Date()): Promise<ProfileCard[]> {
      if (ids.length === 0) return [];
      const [members, images] = await Promise.all([
        db
          .selectFrom('members')
          .select([
            'id',
            'name',
            'date_of_birth',
            'city',
            'country',
            'countryregion',
            'language',
            'fictional',
            'main_image_id',
          ])
          .where('id', 'in', ids)
          .where('status', '=', 'active')
          .execute(),
        db
          .selectFrom('member_images')
          .select(['id', 'member_id', 'thumb_filename'])
          .where('member_id', 'in', ids)
          .orderBy('position')
          .execute(),
      ]);
      const byId = new Map(members.map((member) => [member.id, member]));
      return ids.flatMap((id) => {
        const member = byId.get(id);
        if (!member) return [];
        const own = images
          .filter((image) => image.member_id === id)
          .map(({ id, thumb_filename }) => ({ id, thumb_filename }));
        const main = own.find((image) => image.id === member.main_image_id) ?? own[0];
        return [
          {
            id,
            name: member.name,
            age: member.date_of_birth ? ageOn(member.date_of_birth, today) : null,
            city: member.city,
            country: member.country,
            countryregion: member.countryregion,
            language: member.language,
            fictional: member.fictional === 1,
            main_image: main ? { thumb_filename: main.thumb_filename } : null,
            images: own,
            likes: { did_like_profile: false },
          },
        ];
      });
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
