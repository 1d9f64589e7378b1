import { MATCH_FINDER_PATH, MatchFinderResponseSchema, type ProfileCard, type SiteConfig } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertSite,
  sessionCookies,
  testSiteConfig,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { MATCH_FINDER_LIMIT_PER_MINUTE } from './match-finder.routes.js';

/** A birth date that makes someone `age` today, well away from their birthday. */
function bornAged(age: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - 100);
  return date.toISOString().slice(0, 10);
}

const idsOf = (body: { profiles: ProfileCard[] }) => body.profiles.map((profile) => profile.id);

describe.each(TEST_DIALECTS)('the match finder on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let regionNH: number;
  let regionAntwerp: number;
  let siteCount = 0;
  const sites: Record<string, { siteId: number; domain: string }> = {};

  /** Sites are read once by the app, so each test's site exists before the first request. */
  async function addSite(name: string, overrides: Partial<SiteConfig> = {}) {
    const domain = `finder-${name}.test`;
    const config = testSiteConfig(domain, { countries: ['NL', 'BE', 'DE'], ...overrides });
    sites[name] = { siteId: await insertSite(t.database.db, config), domain };
    siteCount += 1;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const regions = await t.database.db
      .insertInto('regions')
      .values([
        { country: 'NL', code: 'NH', name: 'Noord-Holland' },
        { country: 'BE', code: 'VAN', name: 'Antwerpen' },
      ])
      .returning('id')
      .execute();
    [regionNH, regionAntwerp] = regions.map((region) => region.id) as [number, number];
    await addSite('same-as-search');
    await addSite('closed');
    await addSite('open', { logged_out_search: true });
    await addSite('input');
    await addSite('limit');
    expect(siteCount).toBe(5);
  });
  afterAll(async () => t.close());

  /** Searchable profiles in one statement, each with a photo. */
  async function profiles(siteId: number, count: number, fields: Partial<NewMember> = {}): Promise<number[]> {
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, index) => {
      const email = `p-${siteId}-${index}-${Math.random().toString(36).slice(2)}@example.test`;
      return {
        site_id: siteId,
        email,
        email_normalized: email,
        name: `Profile ${index}`,
        status: 'active' as const,
        language: 'nl',
        gender: 'female' as const,
        date_of_birth: bornAged(58),
        country: 'NL',
        countryregion: regionNH,
        city: 'Haarlem',
        signup_at: now,
        last_active_at: now,
        // Ranks spread out and tied in places, so the order is more than insertion order.
        search_rank: (index * 7) % 5,
        ...fields,
      };
    });
    const inserted = await t.database.db.insertInto('members').values(rows).returning('id').execute();
    await t.database.db
      .insertInto('member_images')
      .values(
        inserted.map((row) => ({
          member_id: row.id,
          filename: `${row.id}.jpg`,
          thumb_filename: `${row.id}-thumb.jpg`,
          position: 0,
          created_at: 0,
        })),
      )
      .execute();
    return inserted.map((row) => row.id);
  }

  function find(
    site: { domain: string },
    query: Record<string, string | number>,
    cookies: Record<string, string> = {},
  ) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return t.app.inject({
      url: `${MATCH_FINDER_PATH}?${search}`,
      headers: { ...browserHeaders(cookies), host: site.domain },
    });
  }

  const filters = { gender: 'female', min_age: 46, max_age: 65, country: 'NL', countryregion: 0 };

  it('answers the first page a new member of that country gets from the same search, in the same order', async () => {
    const site = sites['same-as-search']!;
    await profiles(site.siteId, 9);
    // The neighbour country counts for someone living in NL, as it does for a member there.
    await profiles(site.siteId, 6, { country: 'BE', countryregion: regionAntwerp, city: 'Antwerpen' });
    // Outside the filters: too young, men, another region's country.
    await profiles(site.siteId, 3, { date_of_birth: bornAged(30) });
    await profiles(site.siteId, 3, { gender: 'male' });
    await profiles(site.siteId, 3, { country: 'DE', countryregion: null });

    const visitor = await find(site, filters);
    expect(visitor.statusCode).toBe(200);
    const found = MatchFinderResponseSchema.parse(visitor.json());
    expect(found.num_results).toBe(15);
    expect(found.profiles).toHaveLength(12);

    const memberId = await insertMember(t.database.db, site.siteId, { country: 'NL', gender: 'male' });
    const searched = await t.app.inject({
      url: `/api/search.php?${new URLSearchParams({ manual_search: '1', ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)])) })}`,
      headers: { ...browserHeaders(await sessionCookies(t.database.db, memberId)), host: site.domain },
    });
    expect(searched.statusCode).toBe(200);
    expect(idsOf(found)).toEqual(idsOf(searched.json()));
    expect(found.num_results).toBe(searched.json().paging.num_results);

    // A region narrows it to that region only, as for a member.
    const region = MatchFinderResponseSchema.parse((await find(site, { ...filters, countryregion: regionNH })).json());
    expect(region.num_results).toBe(9);
    expect(region.profiles.every((profile) => profile.countryregion === regionNH)).toBe(true);
  });

  it("shows visitors no photos of real members where they may not search, but keeps the fictional profiles' photos", async () => {
    const closed = sites.closed!;
    const [real] = await profiles(closed.siteId, 1, { search_rank: 10 });
    const [fictional] = await profiles(closed.siteId, 1, { fictional: 1, search_rank: 9 });
    const cardOf = (body: { profiles: ProfileCard[] }, id: number) => body.profiles.find((card) => card.id === id);

    const visitor = (await find(closed, filters)).json();
    expect(cardOf(visitor, real!)).toMatchObject({ id: real, main_image: null, images: [] });
    expect(cardOf(visitor, fictional!)).toMatchObject({ main_image: { thumb_filename: `${fictional}-thumb.jpg` } });
    expect(JSON.stringify(visitor)).not.toContain(`${real}-thumb.jpg`);

    // Visitors who came with a traffic source may search on sites that allow it; not on this one.
    expect((await find(closed, { ...filters, trafficsource: 'adnet' })).json()).toEqual(visitor);

    const memberId = await insertMember(t.database.db, closed.siteId, { gender: 'male' });
    const asMember = (await find(closed, filters, await sessionCookies(t.database.db, memberId))).json();
    expect(cardOf(asMember, real!)).toMatchObject({ main_image: { thumb_filename: `${real}-thumb.jpg` } });

    const open = sites.open!;
    const [shown] = await profiles(open.siteId, 1);
    expect(cardOf((await find(open, filters)).json(), shown!)).toMatchObject({
      main_image: { thumb_filename: `${shown}-thumb.jpg` },
    });
  });

  it.each([
    ['no filters at all', {}, ['gender', 'min_age', 'max_age', 'country', 'countryregion']],
    ['an unknown gender', { ...filters, gender: 'other' }, ['gender']],
    ['an age under 18', { ...filters, min_age: 17 }, ['min_age']],
    ['ages the wrong way round', { ...filters, min_age: 60, max_age: 40 }, ['max_age']],
    ['a country the site does not serve', { ...filters, country: 'FR' }, ['country']],
    ['a region of another country', { ...filters, countryregion: -1 }, ['countryregion']],
  ])('refuses %s with the fields at fault', async (_case, query, fields) => {
    const response = await find(sites.input!, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields).sort()).toEqual([...fields].sort());
  });

  it('refuses a region that lies in another country', async () => {
    const response = await find(sites.input!, { ...filters, countryregion: regionAntwerp });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ countryregion: expect.any(String) });
  });

  it('answers 429 to one address that keeps asking, and not to another', async () => {
    const site = sites.limit!;
    const from = (ip: string) =>
      t.app.inject({
        url: `${MATCH_FINDER_PATH}?${new URLSearchParams({ gender: 'female', min_age: '18', max_age: '100', country: 'NL', countryregion: '0' })}`,
        headers: { host: site.domain },
        remoteAddress: ip,
      });
    for (let call = 0; call < MATCH_FINDER_LIMIT_PER_MINUTE; call++)
      expect((await from('192.0.2.7')).statusCode).toBe(200);
    const refused = await from('192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await from('192.0.2.8')).statusCode).toBe(200);
  });
});
