import type { MemberDetail } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertSite,
  logIn,
  SESSION_COOKIE,
  testSiteConfig,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const DETAILS_DOMAIN = 'details.test';
const OTHER_DOMAIN = 'other-site.test';

describe.each(TEST_DIALECTS)('member page call on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let detailsSiteId: number;
  let otherSiteId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The app reads the sites table once and caches it, so these exist before the first request.
    detailsSiteId = await insertSite(
      t.database.db,
      testSiteConfig(DETAILS_DOMAIN, {
        visible_profile_fields: ['city', 'gender', 'smoking', 'relationship'],
        visible_profile_notes: ['about_me', 'looking_for'],
        allowed_values: { smoking: ['no', 'yes'], relationship: ['single', 'widowed'] },
      }),
    );
    otherSiteId = await insertSite(t.database.db, testSiteConfig(OTHER_DOMAIN));
  });
  afterAll(async () => t.close());

  const get = (id: string | number, host = 'localhost', cookies: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/member.php?id=${id}`, headers: { ...browserHeaders(cookies), host } });

  async function member(siteId: number, fields: Partial<NewMember> = {}) {
    return insertMember(t.database.db, siteId, {
      name: 'Greta',
      gender: 'female',
      date_of_birth: '1958-03-01',
      country: 'NL',
      city: 'Zwolle',
      language: 'nl',
      personal: JSON.stringify({ about_me: 'Walks by the river.', looking_for: '  ', smoking: 'no' }),
      ...fields,
    });
  }

  async function addImages(memberId: number, count: number): Promise<number[]> {
    const rows = Array.from({ length: count }, (_, position) => ({
      member_id: memberId,
      filename: `photo-${memberId}-${position}.jpg`,
      thumb_filename: `thumb-${memberId}-${position}.jpg`,
      position,
      created_at: Date.now(),
    }));
    const inserted = await t.database.db.insertInto('member_images').values(rows).returning('id').execute();
    return inserted.map((row) => row.id);
  }

  it('shows a visitor the profile with the default city field and no private data', async () => {
    const id = await member(t.siteId);
    const [first, second] = await addImages(id, 2);
    await t.database.db.updateTable('members').set({ main_image_id: second! }).where('id', '=', id).execute();

    const response = await get(id);
    expect(response.statusCode).toBe(200);
    const body: MemberDetail = response.json();
    expect(body).toMatchObject({
      id,
      name: 'Greta',
      gender: 'female',
      city: 'Zwolle',
      country: 'NL',
      language: 'nl',
      fictional: false,
      main_image: { id: second, filename: `photo-${id}-1.jpg`, thumb_filename: `thumb-${id}-1.jpg` },
      fields: [{ name: 'city', value: 'Zwolle' }],
      notes: [],
      likes: { did_like_profile: false },
    });
    expect(body.images.map((image) => image.id)).toEqual([first, second]);
    expect(body.age).toBeGreaterThanOrEqual(60);
    expect(response.body).not.toContain('@example.test');
    expect(response.body).not.toContain('1958-03-01');
  });

  it("lists the site's visible fields and texts in its order, leaving out empty ones", async () => {
    const id = await member(detailsSiteId, { city: null });
    const body: MemberDetail = (await get(id, DETAILS_DOMAIN)).json();
    expect(body.fields).toEqual([
      { name: 'gender', value: 'female' },
      { name: 'smoking', value: 'no' },
    ]);
    expect(body.notes).toEqual([{ name: 'about_me', text: 'Walks by the river.' }]);
    expect(body.main_image).toBeNull();
    expect(body.images).toEqual([]);
  });

  it('answers a logged-in member the same page', async () => {
    await insertMember(t.database.db, t.siteId, { email: `viewer-${dialect}@example.test` });
    const session = await logIn(t.app, `viewer-${dialect}@example.test`);
    const id = await member(t.siteId, { fictional: 1 });
    const response = await get(id, 'localhost', { [SESSION_COOKIE]: session });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, fictional: true });
  });

  it('hides deleted, banned, unconfirmed, other-site and unknown members behind the same 404', async () => {
    const ids = [
      await member(t.siteId, { status: 'deleted' }),
      await member(t.siteId, { status: 'banned' }),
      await member(t.siteId, { status: 'not_confirmed' }),
      await member(otherSiteId),
      999_999_999,
    ];
    for (const id of ids) {
      const response = await get(id);
      expect(response.statusCode, `member ${id}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('refuses an id that is not a positive whole number with the field named', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '']) {
      const response = await get(id);
      expect(response.statusCode, `id ${id}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { id: expect.any(String) } },
      });
    }
  });
});
