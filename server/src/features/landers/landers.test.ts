import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LanderProfilesResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import { browserHeaders, createTestApp, insertMember } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { LANDER_VISITS_PER_MINUTE } from './landers.routes.js';

/** A web build whose pages say which language they were rendered in, as the real one sets <html lang>. */
function writeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-lander-build-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.mkdirSync(path.join(dir, 'client'));
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    `export async function handleRequest(request, { web }) {
      return new Response('<html lang="' + web.locale + '"></html>', { headers: { 'content-type': 'text/html' } });
    }`,
  );
  return dir;
}

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const bornAged = (age: number) => new Date(Date.now() - (age + 0.5) * YEAR_MS).toISOString().slice(0, 10);

describe.each(TEST_DIALECTS)('landers on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let buildDir: string;
  let visitor = 0;
  const nextAddress = () => `10.9.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`;

  beforeAll(async () => {
    buildDir = writeWebBuild();
    t = await createTestApp(dialect, { web: {}, env: { WEB_BUILD_DIR: buildDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  /** A member of the default site, with a main photo unless `photo` is false. */
  async function profile(fields: Partial<NewMember>, { photo = true, siteId = t.siteId } = {}) {
    const id = await insertMember(t.database.db, siteId, {
      fictional: 1,
      gender: 'female',
      date_of_birth: bornAged(64),
      country: 'NL',
      ...fields,
    });
    if (photo) {
      const image = await t.database.db
        .insertInto('member_images')
        .values({ member_id: id, filename: `p${id}.jpg`, thumb_filename: `p${id}-t.jpg`, position: 0, created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db.updateTable('members').set({ main_image_id: image.id }).where('id', '=', id).execute();
    }
    return id;
  }

  describe('showcase profiles', () => {
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      ids.grandma = await profile({ name: 'Greet', date_of_birth: bornAged(66), language: 'nl' });
      ids.grandmaEn = await profile({ name: 'Grace', date_of_birth: bornAged(68), language: 'en' });
      ids.younger = await profile({ name: 'Yara', date_of_birth: bornAged(45) });
      ids.man = await profile({ name: 'Mark', gender: 'male', date_of_birth: bornAged(50) });
      ids.real = await profile({ name: 'Real Rita', fictional: 0 });
      ids.noPhoto = await profile({ name: 'No Photo Nel' }, { photo: false });
      ids.banned = await profile({ name: 'Banned Bea', status: 'banned' });
      ids.unconfirmed = await profile({ name: 'Unconfirmed Una', status: 'not_confirmed' });
      ids.belgian = await profile({ name: 'Brussels Bo', country: 'BE', date_of_birth: bornAged(70) });
      ids.elsewhere = await profile({ name: 'Other Site Olga' }, { siteId: t.boxySiteId });
    });

    const showcase = async (query: string) => {
      const response = await t.app.inject(`/api/landers/profiles.php?${query}`);
      expect(response.statusCode).toBe(200);
      return response;
    };
    const namesOf = (response: { json: () => unknown }) =>
      (response.json() as LanderProfilesResponse).profiles.map((card) => card.name);

    it('shows only fictional members of the site with a photo whom others may reach', async () => {
      const names = namesOf(await showcase('niche=1&limit=24'));
      expect(names.sort()).toEqual(['Brussels Bo', 'Grace', 'Greet', 'Yara']);
      const card = (await showcase('niche=1')).json<LanderProfilesResponse>().profiles.find((p) => p.name === 'Greet');
      expect(card).toEqual({
        id: ids.grandma,
        name: 'Greet',
        age: 66,
        city: null,
        country: 'NL',
        countryregion: null,
        thumb_filename: `p${ids.grandma}-t.jpg`,
      });
    });

    it('picks gender and ages by niche, the niche’s ages and the visitor’s language first', async () => {
      // gilf: women of 60 and over first, those speaking Dutch before the others; younger ones only fill up.
      expect(namesOf(await showcase('niche=5&locale=nl&country=NL'))).toEqual(['Greet', 'Grace', 'Yara']);
      expect(namesOf(await showcase('niche=5&locale=en&country=NL'))).toEqual(['Grace', 'Greet', 'Yara']);
      expect(namesOf(await showcase('niche=6&country=NL'))[0]).toBe('Yara');
      expect(namesOf(await showcase('niche=7'))).toEqual(['Mark']);
      expect(namesOf(await showcase('niche=3&limit=24'))).toHaveLength(5);
      expect(namesOf(await showcase('niche=1&country=BE'))).toEqual(['Brussels Bo']);
      expect(namesOf(await showcase('niche=1&limit=2'))).toHaveLength(2);
    });

    it('falls back to the site’s niche and may be cached', async () => {
      const response = await showcase('');
      expect(namesOf(response)).toContain('Greet');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    });

    it('refuses bad input with the field', async () => {
      for (const [query, field] of [
        ['niche=9', 'niche'],
        ['niche=x', 'niche'],
        ['limit=1000', 'limit'],
        ['locale=xx', 'locale'],
        ['country=FR', 'country'],
        ['country=nl', 'country'],
      ]) {
        const response = await t.app.inject(`/api/landers/profiles.php?${query}`);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        expect(response.json().error.fields).toHaveProperty(field!);
      }
    });
  });

  describe('visits', () => {
    const visit = (body: unknown, { sameOrigin = true, address = nextAddress(), host = 'localhost' } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/landers/visit.php',
        // A beacon: the browser's cookies and same-origin mark, never our CSRF header.
        headers: { host, ...(sameOrigin ? { 'sec-fetch-site': 'same-origin' } : {}) },
        payload: body as object,
        remoteAddress: address,
      });
    const counts = () =>
      t.database.db
        .selectFrom('lander_visits')
        .select(['site_id', 'lander', 'slug', 'network', 'day', 'visits'])
        .orderBy('lander')
        .orderBy('slug')
        .orderBy('site_id')
        .orderBy('network')
        .execute();

    it('counts a view per site, lander, slug, network and day', async () => {
      const day = new Date().toISOString().slice(0, 10);
      expect((await visit({ lander: 'gallery', slug: 'milf-eng', network: 'adnet' })).statusCode).toBe(204);
      await visit({ lander: 'gallery', slug: 'MILF-eng/', network: 'adnet' });
      await visit({ lander: 'gallery', slug: 'milf-eng', network: 'other' });
      await visit({ lander: 'gallery', slug: 'milf-eng/summer' });
      await visit({ lander: 'video', slug: 'eng', network: null });
      await visit({ lander: 'video', slug: 'eng' }, { host: 'boxy.localhost' });
      expect(await counts()).toEqual([
        { site_id: t.siteId, lander: 'gallery', slug: 'milf-eng', network: 'adnet', day, visits: 2 },
        { site_id: t.siteId, lander: 'gallery', slug: 'milf-eng', network: 'other', day, visits: 1 },
        { site_id: t.siteId, lander: 'gallery', slug: 'milf-eng/summer', network: '', day, visits: 1 },
        { site_id: t.siteId, lander: 'video', slug: 'eng', network: '', day, visits: 1 },
        { site_id: t.boxySiteId, lander: 'video', slug: 'eng', network: '', day, visits: 1 },
      ]);
    });

    it('refuses bad input with the field, and beacons from other sites', async () => {
      const before = await counts();
      for (const [body, field] of [
        [{ lander: 'nowhere', slug: 'eng' }, 'lander'],
        [{ lander: 'video', slug: '../../etc' }, 'slug'],
        [{ lander: 'video', slug: '' }, 'slug'],
        [{ lander: 'video', slug: 'x'.repeat(101) }, 'slug'],
        [{ lander: 'video', slug: 'eng', network: 'n'.repeat(101) }, 'network'],
        [{ lander: 'video' }, 'slug'],
      ] as const) {
        const response = await visit(body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
        expect(response.json().error.fields).toHaveProperty(field);
      }
      expect((await visit({ lander: 'video', slug: 'eng' }, { sameOrigin: false })).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('counts a limited number of views from one address', async () => {
      const address = '10.99.0.1';
      const statuses: number[] = [];
      for (let i = 0; i <= LANDER_VISITS_PER_MINUTE; i += 1) {
        statuses.push((await visit({ lander: 'collagelanding', slug: 'de' }, { address })).statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const row = (await counts()).find((count) => count.lander === 'collagelanding');
      expect(row?.visits).toBe(LANDER_VISITS_PER_MINUTE);
    });
  });

  describe('sign-ups', () => {
    const signUp = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        headers: browserHeaders(),
        payload: {
          email: `lander-${Math.random().toString(36).slice(2)}@example.test`,
          name: 'Ilse',
          password: 'a long enough password',
          ...body,
        },
        remoteAddress: nextAddress(),
      });
    const trackingOf = async (response: { statusCode: number; json: () => { profile: { id: number } } }) => {
      expect(response.statusCode).toBe(200);
      return t.database.db
        .selectFrom('member_tracking')
        .select(['network', 'sub1', 'lander', 'lander_slug'])
        .where('member_id', '=', response.json().profile.id)
        .executeTakeFirst();
    };

    it('stores the lander and slug a sign-up was made on beside the traffic source', async () => {
      const fromLander = await signUp({
        form_path: '/landers/gallery/milf-eng/Summer',
        trafficsource: { network: 'adnet', sub1: 'x' },
      });
      expect(await trackingOf(fromLander)).toEqual({
        network: 'adnet',
        sub1: 'x',
        lander: 'gallery',
        lander_slug: 'milf-eng/summer',
      });

      // Without a network the lander is still recorded.
      expect(await trackingOf(await signUp({ form_path: '/landers/alonetonight/unknown-slug' }))).toEqual({
        network: null,
        sub1: null,
        lander: 'alonetonight',
        lander_slug: 'unknown-slug',
      });
    });

    it('credits a member’s own landers too, and nothing for other pages', async () => {
      expect(await trackingOf(await signUp({ form_path: '/members/12/landing2/gay-de' }))).toMatchObject({
        lander: 'member-landing2',
        lander_slug: 'gay-de',
      });
      expect(await trackingOf(await signUp({ form_path: '/members/12/signup' }))).toMatchObject({
        lander: 'member-signup',
        lander_slug: null,
      });
      expect(await trackingOf(await signUp({ form_path: '/signup' }))).toBeUndefined();
      expect(await trackingOf(await signUp({ form_path: '/landers/nowhere/eng' }))).toBeUndefined();
      expect(
        await trackingOf(await signUp({ form_path: '/signup', trafficsource: { network: 'adnet' } })),
      ).toMatchObject({ network: 'adnet', lander: null, lander_slug: null });
    });
  });

  describe('pages', () => {
    const page = (url: string) =>
      t.app.inject({ url, headers: { 'accept-language': 'fr-FR,fr;q=0.9', cookie: 'i18n_redirected=nl' } });

    it('renders a lander in its slug’s language, whatever cookie and browser say', async () => {
      for (const [url, lang] of [
        ['/landers/video/eng', 'en'],
        ['/landers/gallery/milf-de/summer', 'de'],
        ['/landers/maplanding/she-pl', 'pl'],
      ]) {
        const response = await page(url!);
        expect({ url, status: response.statusCode, body: response.body }).toEqual({
          url,
          status: 200,
          body: `<html lang="${lang}"></html>`,
        });
      }
    });

    it('still renders a lander with an unknown slug, in the site’s own language', async () => {
      const response = await t.app.inject({
        url: '/landers/collagelanding/teen-xx',
        headers: { 'accept-language': 'fr-FR,fr;q=0.9', cookie: 'i18n_redirected=de' },
      });
      expect(response.statusCode).toBe(200);
      // The test site's own language (server/src/test/fixtures.ts).
      expect(response.body).toBe('<html lang="en"></html>');
    });
  });
});
