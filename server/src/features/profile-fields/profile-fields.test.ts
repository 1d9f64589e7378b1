import { CITY_MAX, INTEREST_CODES, NAME_MAX, NOTE_MAX } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const OTHER_HOST = 'other.localhost';

describe.each(TEST_DIALECTS)('profile fields and company info on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Before the first request, which fills the site cache.
    await insertSite(
      t.database.db,
      testSiteConfig(OTHER_HOST, {
        countries: ['GB'],
        visible_profile_fields: ['city', 'smoking', 'relationship', 'hidden_but_valued'],
        visible_profile_notes: ['about_me', 'looking_for'],
        allowed_values: {
          gender: ['female', 'other'],
          relationship: ['single', 'widowed'],
          smoking: ['no', 'yes'],
          education: ['bachelor', 'master'],
        },
        company_name: 'Other Ltd',
        company_tradenames: [
          { id: 1, name: 'Other' },
          { id: 2, name: 'Other Chat' },
        ],
        company_vat_numbers: [],
        delete_discount: 0,
      }),
    );
  });
  afterAll(() => t.close());

  describe('GET /api/interests.php', () => {
    it('lists every interest code, once', async () => {
      const response = await get('/api/interests.php');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const ids = response.json().interests.map((interest: { id: string }) => interest.id);
      expect(ids).toEqual([...INTEREST_CODES]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(['walking', 'gardening', 'grandchildren', 'theatre']));
    });
  });

  describe('GET /api/profile_fields.php', () => {
    it('offers gender and no other choice where the site lists none, with the limits', async () => {
      const response = await get('/api/profile_fields.php');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual({
        fields: [{ name: 'gender', values: ['male', 'female'] }],
        notes: [],
        // Spec §9: name 150, city 255.
        limits: { name_max: 150, city_max: 255, note_max: NOTE_MAX },
      });
    });

    it("offers another site's visible fields in its order, its notes, and only genders a member can hold", async () => {
      const response = await get('/api/profile_fields.php', OTHER_HOST);
      expect(response.json()).toEqual({
        // city is visible but free text; education has values but is not visible; hidden_but_valued has none.
        fields: [
          { name: 'gender', values: ['female'] },
          { name: 'smoking', values: ['no', 'yes'] },
          { name: 'relationship', values: ['single', 'widowed'] },
        ],
        notes: ['about_me', 'looking_for'],
        limits: { name_max: NAME_MAX, city_max: CITY_MAX, note_max: NOTE_MAX },
      });
    });
  });

  describe('GET /api/companyinfo.php', () => {
    it("answers the site's company details under the names of the spec", async () => {
      const response = await get('/api/companyinfo.php');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual({
        name: 'Test B.V.',
        address: 'Teststraat 1',
        kvk: '12345678',
        city: 'Amsterdam',
        country: 'NL',
        tradenames: [{ id: 1, name: 'Test' }],
        vat_numbers: ['NL000000000B01'],
        support_phone: '+31 20 000 0000',
        delete_discount: 50,
      });
    });

    it("answers each site's own", async () => {
      const body = (await get('/api/companyinfo.php', OTHER_HOST)).json();
      expect(body).toMatchObject({
        name: 'Other Ltd',
        tradenames: [
          { id: 1, name: 'Other' },
          { id: 2, name: 'Other Chat' },
        ],
        vat_numbers: [],
        delete_discount: 0,
      });
    });
  });
});
