import fs from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { SiteConfigSchema } from '@rendezvous/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '../lib/media-store.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import { DEMO_PASSWORD } from './demo-members.js';
import { DEMO_SITES } from './demo-sites.js';
import { MAJOR_CITIES, REGION_POPULATION_K } from './region-facts.js';
import { citiesOfRegion, regionSubdivisions } from '../platform/geo/regions.js';
import { seedBulkProfiles, seedDemoData, type SeedDemoResult } from './seed.js';

const PROFILES = 300;
const DEMO_MEMBER_COUNT = 4;

describe('demo sites', () => {
  it('are valid site settings', () => {
    for (const site of DEMO_SITES) expect(SiteConfigSchema.parse(site)).toEqual(site);
    expect(DEMO_SITES.map((site) => site.domain)).toEqual(['localhost', 'boxy.localhost']);
  });

  it('have a message cost for every country they serve', () => {
    for (const site of DEMO_SITES) {
      expect(Object.keys(site.minimum_message_costs).sort()).toEqual([...site.countries].sort());
    }
  });

  it('use the first-level regions members choose from', () => {
    const netherlands = regionSubdivisions('NL');
    expect(netherlands).toHaveLength(12);
    expect(netherlands.map((region) => region.name)).toContain('North Holland');
    expect(regionSubdivisions('IE')).toHaveLength(26);
    expect(regionSubdivisions('US')).toHaveLength(51);
    expect(
      regionSubdivisions('GB')
        .map((region) => region.code)
        .sort(),
    ).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
  });

  it('know towns and population of every region, and name only regions that exist', () => {
    const codes = new Set<string>();
    for (const country of new Set(DEMO_SITES.flatMap((site) => site.countries))) {
      for (const region of regionSubdivisions(country)) {
        const key = `${country}-${region.code}`;
        expect(citiesOfRegion(country, region.code).length, key).toBeGreaterThan(0);
        expect(REGION_POPULATION_K[key], key).toBeGreaterThan(0);
        codes.add(key);
      }
    }
    for (const key of [...Object.keys(MAJOR_CITIES), ...Object.keys(REGION_POPULATION_K)]) {
      expect(codes, key).toContain(key);
    }
  });
});

describe.each(TEST_DIALECTS)('demo data on %s', (dialect) => {
  let database: TestDatabase;
  let first: SeedDemoResult;

  const localMedia = () => createLocalMediaStore(path.join(database.dataDir, 'media'));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    first = await seedDemoData(database.db, { media: localMedia(), profiles: PROFILES });
  }, 120_000);

  afterAll(async () => {
    await database?.cleanup();
  });

  it('creates both demo sites with the default one marked', async () => {
    expect(first.created).toBe(true);
    const sites = await database.db.selectFrom('sites').selectAll().orderBy('id').execute();
    expect(sites.map((site) => [site.domain, site.is_default])).toEqual([
      ['localhost', 1],
      ['boxy.localhost', 0],
    ]);
    for (const site of sites) {
      const config: unknown = JSON.parse(site.config);
      expect(SiteConfigSchema.parse(config).domain).toBe(site.domain);
    }
  });

  it('stores the regions of every country the sites serve', async () => {
    const rows = await database.db.selectFrom('regions').select(['country', 'code', 'name']).execute();
    for (const country of new Set(DEMO_SITES.flatMap((site) => site.countries))) {
      expect(rows.filter((row) => row.country === country).length, country).toBeGreaterThan(0);
    }
    const dutch = rows.filter((row) => row.country === 'NL').map((row) => row.name);
    expect(dutch).toHaveLength(12);
    expect(dutch).toContain('North Holland');
  });

  it('creates the profiles plus the demo members, split two thirds to the default site', async () => {
    const members = await database.db
      .selectFrom('members')
      .innerJoin('sites', 'sites.id', 'members.site_id')
      .select(['sites.domain', 'members.status', 'members.fictional', 'members.date_of_birth', 'members.email'])
      .execute();
    expect(members).toHaveLength(PROFILES + DEMO_MEMBER_COUNT);
    expect(members.filter((member) => member.domain === 'localhost')).toHaveLength(200 + 2);
    expect(members.some((member) => member.fictional === 1)).toBe(true);
    expect(members.some((member) => member.status === 'deleted')).toBe(true);
    expect(new Set(members.map((member) => member.email)).size).toBe(members.length);
    const thisYear = new Date().getFullYear();
    const ages = members.map((member) => thisYear - Number(member.date_of_birth?.slice(0, 4)));
    expect(ages.filter((age) => age >= 40 && age <= 81).length / ages.length).toBeGreaterThan(0.85);
  });

  it('places every member in a region of their own country and a site country', async () => {
    const rows = await database.db
      .selectFrom('members')
      .innerJoin('regions', 'regions.id', 'members.countryregion')
      .innerJoin('sites', 'sites.id', 'members.site_id')
      .select(['members.country', 'regions.country as region_country', 'members.city', 'sites.config'])
      .execute();
    expect(rows).toHaveLength(PROFILES + DEMO_MEMBER_COUNT);
    for (const row of rows) {
      expect(row.region_country).toBe(row.country);
      expect(row.city).toBeTruthy();
      const config: unknown = JSON.parse(row.config);
      expect(SiteConfigSchema.parse(config).countries).toContain(row.country);
    }
  });

  it('gives every fictional profile a filled persona sheet for the operators, and nobody else one', async () => {
    const rows = await database.db
      .selectFrom('members')
      .leftJoin('persona_sheets', 'persona_sheets.member_id', 'members.id')
      .select([
        'members.fictional',
        'members.name',
        'persona_sheets.character',
        'persona_sheets.tone',
        'persona_sheets.facts',
        'persona_sheets.avoid',
      ])
      .execute();
    const personas = rows.filter((row) => row.fictional === 1);
    expect(personas.length).toBeGreaterThan(0);
    for (const persona of personas) {
      expect(persona.character, persona.name).toMatch(new RegExp(`^${persona.name} \\(\\d+\\) lives in `));
      expect(persona.tone).toMatch(/Always writes in (English|Dutch|German|French)\.$/);
      expect(persona.facts?.split('\n').length).toBeGreaterThanOrEqual(2);
      expect(persona.avoid).toMatch(/^Never suggest meeting/);
    }
    expect(rows.filter((row) => row.fictional === 0 && row.character !== null)).toEqual([]);
  });

  it('gives most members photos, the first one as main image, stored as real JPEGs', async () => {
    const images = await database.db
      .selectFrom('member_images')
      .innerJoin('members', 'members.id', 'member_images.member_id')
      .select([
        'member_images.id',
        'member_images.member_id',
        'member_images.position',
        'member_images.filename',
        'member_images.thumb_filename',
        'members.main_image_id',
      ])
      .orderBy('member_images.id')
      .execute();
    const withPhotos = new Set(images.map((image) => image.member_id));
    expect(withPhotos.size / (PROFILES + DEMO_MEMBER_COUNT)).toBeGreaterThan(0.75);
    for (const image of images.filter((row) => row.position === 0)) expect(image.main_image_id).toBe(image.id);

    const sample = images[0];
    if (!sample) throw new Error('no images were seeded');
    const media = path.join(database.dataDir, 'media');
    const main = await sharp(path.join(media, sample.filename)).metadata();
    const thumb = await sharp(path.join(media, sample.thumb_filename)).metadata();
    expect([main.format, main.width, main.height]).toEqual(['jpeg', 600, 600]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 240, 240]);
    expect(sample.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    for (const image of images) expect(fs.existsSync(path.join(media, image.thumb_filename))).toBe(true);
  });

  it('returns demo logins whose password verifies', async () => {
    expect(first.logins).toHaveLength(DEMO_MEMBER_COUNT);
    expect(first.logins.map((login) => login.domain)).toEqual([
      'localhost',
      'localhost',
      'boxy.localhost',
      'boxy.localhost',
    ]);
    const login = first.logins[0];
    if (!login) throw new Error('no demo login');
    expect(login.password).toBe(DEMO_PASSWORD);
    const member = await database.db
      .selectFrom('members')
      .select(['password_hash', 'status'])
      .where('email_normalized', '=', login.email)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('active');
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(member.password_hash ?? '', login.password)).toBe(true);
    expect(await verify(member.password_hash ?? '', 'wrong-password')).toBe(false);
  });

  it('gives each demo login a few new likes and an unread first message, with their notifications', async () => {
    for (const login of first.logins) {
      const member = await database.db
        .selectFrom('members')
        .select(['id', 'gender'])
        .where('email_normalized', '=', login.email)
        .executeTakeFirstOrThrow();
      const likes = await database.db
        .selectFrom('likes')
        .innerJoin('members', 'members.id', 'likes.member_id')
        .select(['likes.is_new', 'members.gender'])
        .where('likes.profile_id', '=', member.id)
        .execute();
      expect(likes, login.email).toHaveLength(3);
      expect(likes.every((like) => like.is_new === 1 && like.gender !== member.gender)).toBe(true);
      const chat = await database.db
        .selectFrom('conversation_members')
        .select(['num_unread', 'removed'])
        .where('member_id', '=', member.id)
        .execute();
      expect(chat).toEqual([{ num_unread: 1, removed: 0 }]);
      const notifications = await database.db
        .selectFrom('notifications')
        .select('kind')
        .where('member_id', '=', member.id)
        .where('read_at', 'is', null)
        .execute();
      expect(notifications.map((row) => row.kind).sort()).toEqual(['like', 'like', 'like', 'message']);
    }
  });

  it('creates nothing when sites exist, yet still returns the logins', async () => {
    const mediaBefore = fs.readdirSync(path.join(database.dataDir, 'media')).length;
    const again = await seedDemoData(database.db, { media: localMedia(), profiles: PROFILES });
    expect(again).toEqual({ created: false, logins: first.logins });
    const { count } = await database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(PROFILES + DEMO_MEMBER_COUNT);
    expect(fs.readdirSync(path.join(database.dataDir, 'media'))).toHaveLength(mediaBefore);
  });

  it('adds bulk profiles to one site, leaving later signups room for their own ids', async () => {
    const progress: number[] = [];
    const result = await seedBulkProfiles(database.db, {
      media: localMedia(),
      profiles: 250,
      siteDomain: 'boxy.localhost',
      onProgress: (inserted) => progress.push(inserted),
    });
    expect(result).toEqual({ inserted: 250, sites: [{ domain: 'boxy.localhost', count: 250 }] });
    expect(progress.at(-1)).toBe(250);

    const site = await database.db
      .selectFrom('sites')
      .select('id')
      .where('domain', '=', 'boxy.localhost')
      .executeTakeFirstOrThrow();
    // An ordinary insert after the explicit ids must get a fresh id from the identity sequence.
    const signup = await database.db
      .insertInto('members')
      .values({
        site_id: site.id,
        email: 'late@example.test',
        email_normalized: 'late@example.test',
        name: 'Late',
        status: 'active',
        fictional: 0,
        paid_user: 0,
        mailprovider: 0,
        language: 'en',
        personal: '{}',
        signup_at: Date.now(),
        last_active_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { max } = await database.db
      .selectFrom('members')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    expect(signup.id).toBe(Number(max));
    expect(signup.id).toBeGreaterThan(PROFILES + DEMO_MEMBER_COUNT + 250);
  });

  it('refuses an unknown site', async () => {
    await expect(
      seedBulkProfiles(database.db, { media: localMedia(), profiles: 1, siteDomain: 'nope.localhost' }),
    ).rejects.toThrow(/Unknown site "nope.localhost"/);
  });
});
