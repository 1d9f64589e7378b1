import { SEARCH_PAGE_SIZE, SearchResponseSchema, type ProfileCard, type SiteConfig } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGE_POLL_INTERVAL_MS, seenChange, statusChange } from '../../db/member-changes.js';
import type { NewMember } from '../../db/schema.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertSite,
  SESSION_COOKIE,
  testSiteConfig,
  TEST_PASSWORD,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { CACHED_PAGES } from './search-results.js';
import { createSearchRepository } from './search.repository.js';

/** A birth date that makes someone `age` today, well away from their birthday. */
function bornAged(age: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - 100);
  return date.toISOString().slice(0, 10);
}

const SITE_KINDS = {
  members: {},
  open: { logged_out_search: true },
  bysource: { logged_out_search_trafficsource: true },
} satisfies Record<string, Partial<SiteConfig>>;
type SiteKind = keyof typeof SITE_KINDS;

describe.each(TEST_DIALECTS)('member search on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let regionNH: number;
  let regionUT: number;
  let regionAntwerp: number;
  // The app reads the sites table once and caches it, so every test's site exists before the first request.
  const sitePool: { kind: SiteKind; siteId: number; domain: string; used: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const regions = await t.database.db
      .insertInto('regions')
      .values([
        { country: 'NL', code: 'NH', name: 'Noord-Holland' },
        { country: 'NL', code: 'UT', name: 'Utrecht' },
        { country: 'BE', code: 'VAN', name: 'Antwerpen' },
      ])
      .returning('id')
      .execute();
    [regionNH, regionUT, regionAntwerp] = regions.map((region) => region.id) as [number, number, number];
    for (const [kind, overrides] of Object.entries(SITE_KINDS) as [SiteKind, Partial<SiteConfig>][]) {
      for (let copy = 0; copy < (kind === 'members' ? 25 : 2); copy++) {
        const domain = `search-${kind}-${copy}.test`;
        const config = testSiteConfig(domain, { countries: ['NL', 'BE', 'DE'], ...overrides });
        sitePool.push({ kind, siteId: await insertSite(t.database.db, config), domain, used: false });
      }
    }
  });
  afterAll(async () => t.close());

  /** Each test gets a site of its own, so the members it creates are the only ones there. */
  function newSite(kind: SiteKind = 'members') {
    const fresh = sitePool.find((site) => site.kind === kind && !site.used);
    if (!fresh) throw new Error(`No unused ${kind} test site left`);
    fresh.used = true;
    const { siteId, domain } = fresh;
    let profileCount = 0;
    const site = {
      siteId,
      host: domain,
      /** Searchable profiles without a password, inserted in one statement. */
      async profiles(count: number, fields: Partial<NewMember> = {}): Promise<number[]> {
        const now = Date.now();
        const rows = Array.from({ length: count }, () => {
          const email = `p${(profileCount += 1)}-${siteId}@example.test`;
          return {
            site_id: siteId,
            email,
            email_normalized: email,
            name: `Profile ${profileCount}`,
            status: 'active' as const,
            language: 'nl',
            gender: 'female' as const,
            date_of_birth: bornAged(60),
            country: 'NL',
            countryregion: regionNH,
            city: 'Haarlem',
            signup_at: now,
            last_active_at: now,
            search_rank: 100,
            ...fields,
          };
        });
        const inserted = await t.database.db.insertInto('members').values(rows).returning('id').execute();
        return inserted.map((row) => row.id);
      },
      async member(fields: Partial<NewMember> = {}) {
        const email = `searcher-${Math.random().toString(36).slice(2)}@example.test`;
        const id = await insertMember(t.database.db, siteId, {
          email,
          gender: 'male',
          date_of_birth: bornAged(62),
          country: 'NL',
          ...fields,
        });
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/login.php',
          headers: { ...browserHeaders(), host: domain },
          payload: { email, password: TEST_PASSWORD },
        });
        const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
        return { id, cookies: { [SESSION_COOKIE]: session } };
      },
      search(query: Record<string, string | number>, cookies: Record<string, string> = {}) {
        const search = new URLSearchParams(
          Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
        );
        return t.app.inject({
          url: `/api/search.php?${search}`,
          headers: { ...browserHeaders(cookies), host: domain },
        });
      },
    };
    return site;
  }

  const manual = (filters: Record<string, string | number>) => ({
    manual_search: 1,
    gender: 'female',
    min_age: 18,
    max_age: 100,
    country: 'NL',
    countryregion: 0,
    ...filters,
  });
  const idsOf = (body: { profiles: ProfileCard[] }) => body.profiles.map((profile) => profile.id);

  it('asks a visitor to log in unless the site lets visitors search', async () => {
    const closed = newSite();
    expect((await closed.search({ auto_load: 1 })).statusCode).toBe(403);

    const open = newSite('open');
    const [id] = await open.profiles(1);
    const response = await open.search({ auto_load: 1 });
    expect(response.statusCode).toBe(200);
    expect(idsOf(response.json())).toEqual([id]);

    const bySource = newSite('bysource');
    expect((await bySource.search({ auto_load: 1 })).statusCode).toBe(403);
    expect((await bySource.search({ auto_load: 1, trafficsource: 'partner-7' })).statusCode).toBe(200);
  });

  it('asks a visitor to log in before it reads the filters, where the site does not let them search', async () => {
    const badFilters = { page: 0, min_age: 'x' };
    const bySource = newSite('bysource');
    for (const site of [newSite(), bySource]) {
      const response = await site.search(badFilters);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('not_logged_in');
    }
    // Where a visitor may search, the answer names the filters that are wrong.
    for (const [site, query] of [
      [newSite('open'), badFilters],
      [bySource, { ...badFilters, trafficsource: 'partner-7' }],
    ] as const) {
      const response = await site.search(query);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields).sort()).toEqual(['min_age', 'page']);
    }
  });

  it('filters by gender, age, country and region and counts every match', async () => {
    const site = newSite();
    const wanted = await site.profiles(3, { date_of_birth: bornAged(58), countryregion: regionUT });
    await site.profiles(1, { gender: 'male', date_of_birth: bornAged(58), countryregion: regionUT });
    await site.profiles(1, { date_of_birth: bornAged(70), countryregion: regionUT });
    await site.profiles(1, { date_of_birth: bornAged(58), countryregion: regionNH });
    await site.profiles(1, { date_of_birth: bornAged(58), country: 'DE', countryregion: null });
    const { cookies } = await site.member();

    const response = await site.search(manual({ min_age: 56, max_age: 65, countryregion: regionUT }), cookies);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(idsOf(body).sort()).toEqual([...wanted].sort());
    expect(body.paging.num_results).toBe(3);
    expect(body.filter_options).toEqual({
      gender: 'female',
      min_age: 56,
      max_age: 65,
      country: 'NL',
      countryregion: regionUT,
    });
    expect(body.profiles[0]).toMatchObject({
      age: 58,
      country: 'NL',
      city: 'Haarlem',
      likes: { did_like_profile: false },
    });

    const men = (await site.search(manual({ gender: 'male', min_age: 56, max_age: 65 }), cookies)).json();
    expect(men.paging.num_results).toBe(1);
    const germany = (await site.search(manual({ country: 'DE' }), cookies)).json();
    expect(germany.paging.num_results).toBe(1);
  });

  it('pages twelve at a time in a stable order: photo and recent activity first', async () => {
    const site = newSite();
    const quiet = await site.profiles(10, { search_rank: 20_000 });
    const active = await site.profiles(10, { search_rank: 20_005 });
    const withPhoto = await site.profiles(6, { search_rank: 120_000 });
    const { cookies } = await site.member();

    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await site.search(manual({ page }), cookies)).json());
    expect(pages.map((body) => body.profiles.length)).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 2]);
    expect(pages.every((body) => body.paging.num_results === 26)).toBe(true);
    const seen = pages.flatMap(idsOf);
    const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);
    expect(seen).toEqual([...descending(withPhoto), ...descending(active), ...descending(quiet)]);

    const beyond = (await site.search(manual({ page: 4 }), cookies)).json();
    expect(beyond.profiles).toEqual([]);
  });

  it('pages through a long search without overlaps or gaps, past the pages it keeps at hand', async () => {
    const site = newSite();
    const count = (CACHED_PAGES + 2) * SEARCH_PAGE_SIZE + 5;
    const men = await site.profiles(count, { gender: 'male', search_rank: 500 });
    // He matches his own search, so every page, kept or read afresh, must leave him out.
    const me = await site.member({ search_rank: 500 });

    const seen: number[] = [];
    for (let page = 1; page <= CACHED_PAGES + 3; page++) {
      const body = (await site.search(manual({ gender: 'male', page }), me.cookies)).json();
      expect(body.paging.num_results).toBe(count);
      seen.push(...idsOf(body));
    }
    expect(seen).toEqual([...men].sort((a, b) => b - a));
  });

  it('reads the same order whichever index serves the age range', async () => {
    const site = newSite();
    const ages = [30, 41, 47, 52, 58, 63, 66, 71, 77, 85];
    for (const [index, age] of ages.entries()) {
      await site.profiles(3, { date_of_birth: bornAged(age), search_rank: 1000 + (index % 4) });
    }
    const repository = createSearchRepository(t.database.db);
    for (const [min_age, max_age] of [
      [18, 100],
      [46, 55],
      [66, 100],
      [18, 25],
    ] as const) {
      const filters = {
        gender: 'female' as const,
        min_age,
        max_age,
        country: 'NL',
        countryregion: 0,
        countries: ['NL'],
      };
      const byAge = await repository.ranked(site.siteId, filters, 100, { excludeId: null, byAge: true });
      const byOrder = await repository.ranked(site.siteId, filters, 100, { excludeId: null, byAge: false });
      expect(byOrder).toEqual(byAge);
      expect(byAge).toHaveLength(3 * ages.filter((age) => age >= min_age && age <= max_age).length);
    }
  });

  it('starts over from the defaults when the saved search names a country the site no longer serves', async () => {
    const site = newSite();
    const { id, cookies } = await site.member({ country: 'DE' });
    await t.database.db
      .insertInto('member_searches')
      .values({
        member_id: id,
        gender: 'female',
        min_age: 18,
        max_age: 100,
        country: 'FR',
        countryregion: 0,
        updated_at: 0,
      })
      .execute();

    const response = await site.search({ auto_load: 1 }, cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json().filter_options).toMatchObject({ country: 'DE', countryregion: 0 });
  });

  it('never shows the member themself, deleted, banned or unconfirmed members', async () => {
    const site = newSite();
    const visible = await site.profiles(SEARCH_PAGE_SIZE, { gender: 'male', search_rank: 200 });
    await site.profiles(1, { gender: 'male', status: 'deleted' });
    await site.profiles(1, { gender: 'male', status: 'banned' });
    await site.profiles(1, { gender: 'male', status: 'not_confirmed' });
    // A man looking for men ranks among his own results: in the middle of the first page.
    const me = await site.member({ search_rank: 200 });
    const later = await site.profiles(3, { gender: 'male', search_rank: 100 });

    const first = (await site.search(manual({ gender: 'male' }), me.cookies)).json();
    const second = (await site.search(manual({ gender: 'male', page: 2 }), me.cookies)).json();
    expect(first.paging.num_results).toBe(SEARCH_PAGE_SIZE + 3);
    const seen = [...idsOf(first), ...idsOf(second)];
    expect(seen).not.toContain(me.id);
    expect(new Set(seen)).toEqual(new Set([...visible, ...later]));
    expect(seen).toHaveLength(SEARCH_PAGE_SIZE + 3);
  });

  it('drops a member banned or deleted on any node from results it already showed, within the change poll', async () => {
    const site = newSite();
    const [banned, deleted, kept] = await site.profiles(3, { gender: 'male' });
    const { cookies } = await site.member();
    const before = (await site.search(manual({ gender: 'male' }), cookies)).json();
    expect(new Set(idsOf(before))).toEqual(new Set([banned, deleted, kept]));

    // Written straight to the database, as another node would: this node learns of it by polling.
    const db = t.database.db;
    await db.updateTable('members').set(statusChange('banned')).where('id', '=', banned!).execute();
    await db.updateTable('members').set(statusChange('deleted')).where('id', '=', deleted!).execute();
    await vi.waitFor(
      async () => expect(idsOf((await site.search(manual({ gender: 'male' }), cookies)).json())).toEqual([kept]),
      { timeout: 5 * CHANGE_POLL_INTERVAL_MS, interval: 100 },
    );
  });

  it('shows an edit made on any node in results it already showed, within the change poll', async () => {
    const site = newSite();
    const [edited] = await site.profiles(1, { gender: 'male', name: 'Before', city: 'Haarlem' });
    const { cookies } = await site.member();
    const shownCard = async () => (await site.search(manual({ gender: 'male' }), cookies)).json().profiles[0];
    expect(await shownCard()).toMatchObject({ id: edited, name: 'Before', city: 'Haarlem' });

    const db = t.database.db;
    await db
      .updateTable('members')
      .set({ name: 'After', city: 'Leiden', ...seenChange() })
      .where('id', '=', edited!)
      .execute();
    await vi.waitFor(async () => expect(await shownCard()).toMatchObject({ name: 'After', city: 'Leiden' }), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });
  });

  it("adds the neighbour country to a member's own country, not to others or to a region", async () => {
    const site = newSite();
    const dutch = await site.profiles(2);
    const belgian = await site.profiles(2, { country: 'BE', countryregion: regionAntwerp });
    const german = await site.profiles(1, { country: 'DE', countryregion: null });
    const { cookies } = await site.member({ country: 'NL' });

    const home = (await site.search(manual({ country: 'NL' }), cookies)).json();
    expect(new Set(idsOf(home))).toEqual(new Set([...dutch, ...belgian]));
    expect(home.paging.num_results).toBe(4);
    expect(home.filter_options.country).toBe('NL');

    const region = (await site.search(manual({ country: 'NL', countryregion: regionNH }), cookies)).json();
    expect(new Set(idsOf(region))).toEqual(new Set(dutch));
    const belgium = (await site.search(manual({ country: 'BE' }), cookies)).json();
    expect(new Set(idsOf(belgium))).toEqual(new Set(belgian));
    const everywhere = (await site.search({ auto_load: 1, searchAllCountries: 1 }, cookies)).json();
    expect(new Set(idsOf(everywhere))).toEqual(new Set([...dutch, ...belgian, ...german]));
  });

  it('saves a manual search for the next first load, but not a similar search', async () => {
    const site = newSite();
    const { cookies } = await site.member({ gender: 'female', country: 'BE' });

    const fresh = (await site.search({ auto_load: 1 }, cookies)).json();
    expect(fresh.filter_options).toEqual({
      gender: 'male',
      min_age: 18,
      max_age: 100,
      country: 'BE',
      countryregion: 0,
    });

    await site.search(manual({ min_age: 46, max_age: 55, country: 'NL', countryregion: regionNH }), cookies);
    const restored = (await site.search({ auto_load: 1 }, cookies)).json();
    expect(restored.filter_options).toEqual({
      gender: 'female',
      min_age: 46,
      max_age: 55,
      country: 'NL',
      countryregion: regionNH,
    });

    const similar = await site.search(manual({ min_age: 41, max_age: 60, do_not_save: 1 }), cookies);
    expect(similar.statusCode).toBe(200);
    const still = (await site.search({ auto_load: 1 }, cookies)).json();
    expect(still.filter_options).toMatchObject({ min_age: 46, max_age: 55, countryregion: regionNH });
  });

  it('shows each card with its age, photos, the fictional flag and the like, in exactly the shape of the contract', async () => {
    const site = newSite();
    const [id] = await site.profiles(1, { fictional: 1, date_of_birth: bornAged(64), language: 'de' });
    await t.database.db
      .insertInto('member_images')
      .values([
        { member_id: id!, filename: 'a.jpg', thumb_filename: 'a-thumb.jpg', position: 0, created_at: 0 },
        { member_id: id!, filename: 'b.jpg', thumb_filename: 'b-thumb.jpg', position: 1, created_at: 0 },
      ])
      .execute();
    const [plain] = await site.profiles(1, { name: 'Quote "me" \\ here', city: null, countryregion: null });
    const me = await site.member();
    await t.database.db.insertInto('likes').values({ member_id: me.id, profile_id: id!, created_at: 0 }).execute();

    const response = await site.search(manual({}), me.cookies);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    // Parsing strips what the contract does not name, so equality means nothing else was sent.
    expect(SearchResponseSchema.parse(body)).toEqual(body);
    const cardOf = (cardId: number) => (body.profiles as ProfileCard[]).find((profile) => profile.id === cardId);
    expect(cardOf(id!)).toMatchObject({
      id,
      age: 64,
      fictional: true,
      language: 'de',
      main_image: { thumb_filename: 'a-thumb.jpg' },
      images: [{ thumb_filename: 'a-thumb.jpg' }, { thumb_filename: 'b-thumb.jpg' }],
      likes: { did_like_profile: true },
    });
    expect(cardOf(plain!)).toMatchObject({
      name: 'Quote "me" \\ here',
      city: null,
      countryregion: null,
      fictional: false,
      main_image: null,
      images: [],
      likes: { did_like_profile: false },
    });
  });

  it.each([
    ['an unknown gender', { gender: 'other' }, 'gender'],
    ['an age under 18', { min_age: 17 }, 'min_age'],
    ['an age that is not a number', { max_age: 'old' }, 'max_age'],
    ['a minimum above the maximum', { min_age: 60, max_age: 50 }, 'max_age'],
    ['a country the site does not serve', { country: 'FR' }, 'country'],
    ['a region of another country', { country: 'BE', countryregion: 'NH' }, 'countryregion'],
    ['page zero', { page: 0 }, 'page'],
  ])('answers %s with a 400 on that field', async (_name, filters, field) => {
    const site = newSite();
    const { cookies } = await site.member();
    const query: Record<string, string | number> = manual(filters);
    if (query.countryregion === 'NH') query.countryregion = regionNH;
    const response = await site.search(query, cookies);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });
});
