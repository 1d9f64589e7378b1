import { NICHE_AUDIENCE, type LanderProfile, type Locale, type Niche } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { ageOn } from '../../lib/age.js';

export interface ShowcaseQuery {
  niche: Niche;
  locale: Locale | undefined;
  country: string | undefined;
  limit: number;
}

export interface LanderVisit {
  siteId: number;
  lander: string;
  slug: string;
  network: string;
  day: string;
}

/** The ISO birth date of someone who turns `years` today (UTC). */
function bornYearsAgo(years: number, today: Date): string {
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

export function createLandersRepository(db: Db) {
  return {
    /**
     * Fictional profiles with a photo for a lander, never a real member: those of the niche's
     * gender, the ones of its ages first, then those speaking the visitor's language, then in
     * search order. Only members others may reach (active) and find (listed, not a hidden persona) are shown.
     */
    async showcase(siteId: number, query: ShowcaseQuery, today = new Date()): Promise<LanderProfile[]> {
      const audience = NICHE_AUDIENCE[query.niche];
      // Aged at least min: born on or before min years ago; at most max: born after max + 1 years ago.
      const youngest = bornYearsAgo(audience.minAge, today);
      const oldest = bornYearsAgo(audience.maxAge + 1, today);
      let select = db
        .selectFrom('members')
        .innerJoin('member_images', 'member_images.id', 'members.main_image_id')
        .select([
          'members.id',
          'members.name',
          'members.date_of_birth',
          'members.city',
          'members.country',
          'members.countryregion',
          'member_images.thumb_filename',
        ])
        .where('members.site_id', '=', siteId)
        .where('members.fictional', '=', 1)
        .where('members.status', '=', 'active')
        .where('members.listed', '=', 1)
        // A photo of someone else never stands for this member.
        .whereRef('member_images.member_id', '=', 'members.id');
      if (audience.gender) select = select.where('members.gender', '=', audience.gender);
      if (query.country) select = select.where('members.country', '=', query.country);
      const rows = await select
        .orderBy((eb) =>
          eb
            .case()
            .when(eb.and([eb('members.date_of_birth', '<=', youngest), eb('members.date_of_birth', '>', oldest)]))
            .then(0)
            .else(1)
            .end(),
        )
        .orderBy((eb) =>
          eb
            .case()
            .when('members.language', '=', query.locale ?? '')
            .then(0)
            .else(1)
            .end(),
        )
        .orderBy('members.search_rank', 'desc')
        .orderBy('members.id', 'desc')
        .limit(query.limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
        city: row.city,
        country: row.country,
        countryregion: row.countryregion,
        thumb_filename: row.thumb_filename,
      }));
    },

    /** One more view on the day's counter of this lander, slug and network. */
    async countVisit(visit: LanderVisit): Promise<void> {
      await db
        .insertInto('lander_visits')
        .values({
          site_id: visit.siteId,
          lander: visit.lander,
          slug: visit.slug,
          network: visit.network,
          day: visit.day,
          visits: 1,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['site_id', 'day', 'lander', 'slug', 'network'])
            .doUpdateSet((eb) => ({ visits: eb('lander_visits.visits', '+', 1) })),
        )
        .execute();
    },
  };
}

export type LandersRepository = ReturnType<typeof createLandersRepository>;
