import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRegions } from '../../demo/seed-regions.js';
import { createTestApp, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const UK_HOST = 'uk.localhost';

describe.each(TEST_DIALECTS)('geo on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  const regionId = async (country: string, code: string) => {
    const row = await t.database.db
      .selectFrom('regions')
      .select('id')
      .where('country', '=', country)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Sites and regions first: the site cache fills on the first request.
    await seedRegions(t.database.db, ['NL', 'BE', 'GB', 'IE']);
    await insertSite(t.database.db, testSiteConfig(UK_HOST, { countries: ['GB', 'IE'] }));
  });
  afterAll(() => t.close());

  describe('GET /api/regions.php', () => {
    it("answers the site's countries with their regions sorted by name, cacheable", async () => {
      const response = await get('/api/regions.php');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['NL', 'BE']);
      expect(body.NL).toHaveLength(12);
      expect(body.NL).toContainEqual({ id: await regionId('NL', 'NH'), code: 'NL-NH', name: 'North Holland' });
      for (const list of Object.values<{ name: string }[]>(body)) {
        const names = list.map((region) => region.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      }
    });

    it('narrows to one country on request', async () => {
      const response = await get('/api/regions.php?country=BE');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['BE']);
      expect(body.BE).toContainEqual({
        id: await regionId('BE', 'BRU'),
        code: 'BE-BRU',
        name: expect.stringContaining('Brussels'),
      });
    });

    it("answers each site's own countries", async () => {
      const response = await get('/api/regions.php', UK_HOST);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['GB', 'IE']);
      expect(body.GB.map((region: { name: string }) => region.name)).toEqual([
        'England',
        'Northern Ireland',
        'Scotland',
        'Wales',
      ]);
      expect(body.IE).toHaveLength(26);
      expect((await get('/api/regions.php?country=NL', UK_HOST)).statusCode).toBe(400);
    });

    it.each([
      ['a country the site does not serve', 'GB'],
      ['an unknown country', 'XX'],
      ['a malformed code', 'nl'],
      ['an empty code', ''],
    ])('refuses %s with the field', async (_case, country) => {
      const response = await get(`/api/regions.php?country=${country}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { country: expect.any(String) },
      });
    });
  });

  describe('GET /api/geocode.php', () => {
    it('finds Amsterdam in North Holland', async () => {
      const response = await get('/api/geocode.php?lat=52.37&lon=4.89');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
      expect(response.json()).toEqual({ country: 'NL', countryregion: await regionId('NL', 'NH'), city: 'Amsterdam' });
    });

    it('finds Brussels in its own region', async () => {
      const response = await get('/api/geocode.php?lat=50.85&lon=4.35');
      expect(response.json()).toEqual({ country: 'BE', countryregion: await regionId('BE', 'BRU'), city: 'Brussels' });
    });

    it('places a Flemish town in its province, as the seed does, not in Flanders', async () => {
      const response = await get('/api/geocode.php?lat=51.05&lon=3.72');
      expect(response.json()).toEqual({ country: 'BE', countryregion: await regionId('BE', 'VOV'), city: 'Gent' });
    });

    it('places Belfast in Northern Ireland', async () => {
      const response = await get('/api/geocode.php?lat=54.6&lon=-5.93', UK_HOST);
      expect(response.json()).toEqual({ country: 'GB', countryregion: await regionId('GB', 'NIR'), city: 'Belfast' });
    });

    it('names the country and town but no region where the regions table has none', async () => {
      const response = await get('/api/geocode.php?lat=48.137&lon=11.575');
      expect(response.json()).toEqual({ country: 'DE', countryregion: null, city: 'Munich' });
    });

    it('answers nulls for the open sea', async () => {
      const response = await get('/api/geocode.php?lat=35&lon=-40');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ country: null, countryregion: null, city: null });
    });

    it('names no town far from every known one, but keeps the country and region', async () => {
      // Adak, in the Aleutians west of the antimeridian's US side: the nearest known town is over 700 km away.
      const response = await get('/api/geocode.php?lat=51.88&lon=-176.65');
      expect(response.json()).toEqual({ country: 'US', countryregion: null, city: null });
    });

    it.each([
      ['lat=abc&lon=4.89', 'lat'],
      ['lat=&lon=4.89', 'lat'],
      ['lat=91&lon=4.89', 'lat'],
      ['lat=-90.5&lon=4.89', 'lat'],
      ['lat=52.37&lon=180.1', 'lon'],
      ['lat=52.37&lon=-181', 'lon'],
      ['lat=52.37', 'lon'],
      ['lat=52.37&lon=Infinity', 'lon'],
    ])('refuses %s with field %s', async (query, field) => {
      const response = await get(`/api/geocode.php?${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    });
  });
});
