import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import { dialectOf, type DialectName } from '../db/dialect.js';
import { searchRank } from '../db/search-rank.js';
import type { MemberImagesTable, MembersTable } from '../db/schema.js';
import type { DemoAvatar } from './avatars.js';
import { demoPersonaSheet } from './persona-sheets.js';
import { DEMO_ALLOWED_VALUES } from './demo-sites.js';
import { majorCitiesOfRegion, REGION_POPULATION_K } from './region-facts.js';
import { FIRST_NAMES, PROFILE_NOTES, type DemoLanguage } from './profile-texts.js';
import { createRandom, cumulative, type Random } from '../lib/random.js';
import { citiesOfRegion } from '../platform/geo/regions.js';
import { DAY_MS } from '../lib/time.js';

export interface SeedProfilesOptions {
  siteId: number;
  countries: readonly string[];
  count: number;
  avatars: readonly DemoAvatar[];
  /** Defaults to `languageOfRegion`; a one-argument `(country) => language` fits too. */
  languageOf?: (country: string, regionCode: string) => string;
  /** Called after every committed batch with the running total. */
  onProgress?: (inserted: number) => void;
  /** Fixed in tests; otherwise the current time. */
  now?: number;
}

export const PROFILE_EMAIL_DOMAIN = 'members.rendezvous.localhost';

const MEMBERS_PER_TRANSACTION = 10_000;
// SQLite binds at most 32,766 parameters per statement and PostgreSQL 65,535; stay under both.
const MAX_PARAMETERS_PER_STATEMENT = 32_000;

const SIGNUP_SPREAD_MS = 730 * DAY_MS;
const LAST_ACTIVE_SPREAD_MS = 30 * DAY_MS;

// Shares chosen so search tests always meet hidden members and both paid and fictional ones.
const SHARE_DELETED = 0.02;
const SHARE_BANNED = 0.01;
const SHARE_FICTIONAL = 0.1;
const SHARE_PAID = 0.15;
const SHARE_WITH_PHOTOS = 0.85;
const SHARE_MALE = 0.52;
const SHARE_IN_MAJOR_CITY = 0.5;
/** The first country of a site is its home market and gets this many times the weight of each other. */
const HOME_COUNTRY_WEIGHT = 3;

/** Walloon provinces and Brussels speak French, as does Quebec; everything else follows the country. */
const FRENCH_REGIONS = new Set(['BE-WHT', 'BE-WLG', 'BE-WLX', 'BE-WNA', 'BE-WBR', 'BE-BRU', 'CA-QC']);
const COUNTRY_LANGUAGE: Record<string, DemoLanguage> = { NL: 'nl', BE: 'nl', DE: 'de', AT: 'de', FR: 'fr' };

export function languageOfRegion(country: string, regionCode = ''): DemoLanguage {
  if (FRENCH_REGIONS.has(`${country}-${regionCode}`)) return 'fr';
  return COUNTRY_LANGUAGE[country] ?? 'en';
}

interface RegionChoice {
  id: number;
  code: string;
  cities: readonly string[];
  majorCities: readonly string[];
}

type MemberInsert = Insertable<MembersTable> & { id: number };
type ImageInsert = Insertable<MemberImagesTable> & { id: number };

/**
 * Inserts `count` demo members with photos from the avatar pool. Ids are reserved and
 * assigned here, so members and their photos go in as a few large multi-row inserts
 * per batch instead of one round trip per row: a million profiles take minutes, not hours.
 * Runs in its own transactions, or inside the caller's when given one.
 */
export async function seedProfiles(db: Db, options: SeedProfilesOptions): Promise<{ inserted: number }> {
  const { siteId, count, avatars } = options;
  if (count <= 0) return { inserted: 0 };
  const countries = [...new Set(options.countries)];
  const regions = await loadRegions(db, countries);
  const avatarsByGender = {
    female: avatars.filter((avatar) => avatar.gender === 'female'),
    male: avatars.filter((avatar) => avatar.gender === 'male'),
  };
  if (avatarsByGender.female.length === 0 || avatarsByGender.male.length === 0) {
    throw new Error('The avatar pool needs portraits of both genders');
  }
  const countryWeights = cumulative(countries.map((_, index) => (index === 0 ? HOME_COUNTRY_WEIGHT : 1)));
  const now = options.now ?? Date.now();
  const languageOf = options.languageOf ?? languageOfRegion;
  const dialect = dialectOf(db);
  const inTransaction = (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  let inserted = 0;
  while (inserted < count) {
    const batchSize = Math.min(MEMBERS_PER_TRANSACTION, count - inserted);
    await inTransaction(async (trx) => {
      const firstMemberId = await reserveIds(trx, dialect, 'members', batchSize);
      // Seeding from the first id makes a run reproducible for the same starting database.
      const random = createRandom(Math.imul(firstMemberId, 2_654_435_761) ^ siteId);
      const members: MemberInsert[] = [];
      const photoPlans: { memberId: number; photos: DemoAvatar[] }[] = [];
      for (let index = 0; index < batchSize; index++) {
        const id = firstMemberId + index;
        const country = random.pickWeighted(countries, countryWeights);
        const region = regions.get(country);
        if (!region) throw new Error(`No regions for ${country}`);
        const member = profileRow(random, { id, siteId, country, region: region.pick(random), now, languageOf });
        members.push(member);
        if (member.fictional === 1 || random.chance(SHARE_WITH_PHOTOS)) {
          const pool = member.gender === 'female' ? avatarsByGender.female : avatarsByGender.male;
          photoPlans.push({ memberId: id, photos: pickDistinct(random, pool, photoCount(random)) });
        }
      }

      const photoTotal = photoPlans.reduce((sum, plan) => sum + plan.photos.length, 0);
      let imageId = photoTotal > 0 ? await reserveIds(trx, dialect, 'member_images', photoTotal) : 0;
      const images: ImageInsert[] = [];
      for (const { memberId, photos } of photoPlans) {
        const member = members[memberId - firstMemberId];
        if (!member) continue;
        // Photos were uploaded some time after signing up.
        const uploadedAt = member.signup_at + Math.floor(random.next() * (now - member.signup_at));
        member.main_image_id = imageId;
        member.search_rank = searchRank(true, member.last_active_at);
        photos.forEach((photo, position) => {
          images.push({
            id: imageId++,
            member_id: memberId,
            filename: photo.filename,
            thumb_filename: photo.thumb_filename,
            position,
            created_at: uploadedAt,
          });
        });
      }

      // The operators' notes for each fictional profile, as the console would hold them.
      const sheets = members
        .filter((member) => member.fictional === 1)
        .map((member) =>
          demoPersonaSheet(
            { ...member, city: member.city ?? null, date_of_birth: member.date_of_birth ?? null },
            new Date(now),
          ),
        );

      await insertInSlices(members, (rows) => trx.insertInto('members').values(rows).execute());
      await insertInSlices(images, (rows) => trx.insertInto('member_images').values(rows).execute());
      await insertInSlices(sheets, (rows) => trx.insertInto('persona_sheets').values(rows).execute());
    });
    inserted += batchSize;
    options.onProgress?.(inserted);
  }
  return { inserted };
}

function profileRow(
  random: Random,
  input: {
    id: number;
    siteId: number;
    country: string;
    region: RegionChoice;
    now: number;
    languageOf: (country: string, regionCode: string) => string;
  },
): MemberInsert {
  const { id, siteId, country, region, now } = input;
  const language = input.languageOf(country, region.code);
  const textLanguage = isDemoLanguage(language) ? language : 'en';
  const gender = random.chance(SHARE_MALE) ? 'male' : 'female';
  const fictional = random.chance(SHARE_FICTIONAL);
  const roll = random.next();
  const status = roll < SHARE_DELETED ? 'deleted' : roll < SHARE_DELETED + SHARE_BANNED ? 'banned' : 'active';
  const signupAt = now - Math.floor(random.next() * SIGNUP_SPREAD_MS);
  const activeFrom = Math.max(signupAt, now - LAST_ACTIVE_SPREAD_MS);
  const email = `demo+${id}@${PROFILE_EMAIL_DOMAIN}`;
  const row: MemberInsert = {
    id,
    site_id: siteId,
    email,
    email_normalized: email,
    name: random.pick(FIRST_NAMES[textLanguage][gender]),
    status,
    fictional: fictional ? 1 : 0,
    paid_user: !fictional && random.chance(SHARE_PAID) ? 1 : 0,
    mailprovider: 0,
    language,
    gender,
    date_of_birth: dateOfBirth(random, now),
    country,
    countryregion: region.id,
    city: random.pick(
      region.majorCities.length > 0 && random.chance(SHARE_IN_MAJOR_CITY) ? region.majorCities : region.cities,
    ),
    personal: personalOf(random, textLanguage),
    main_image_id: null,
    signup_at: signupAt,
    last_active_at: activeFrom + Math.floor(random.next() * (now - activeFrom)),
  };
  return { ...row, search_rank: searchRank(false, row.last_active_at) };
}

/** Mostly 40 to 80 and peaking around 60, with a few younger and older members at the edges. */
function dateOfBirth(random: Random, now: number): string {
  const roll = random.next();
  const age =
    roll < 0.04
      ? random.int(30, 39)
      : roll < 0.97
        ? 40 + Math.floor((random.next() + random.next()) * 20.5)
        : random.int(81, 89);
  const born = now - Math.floor((age + random.next()) * 365.25 * DAY_MS);
  return new Date(born).toISOString().slice(0, 10);
}

function personalOf(random: Random, language: DemoLanguage): string {
  const notes = PROFILE_NOTES[language];
  const personal: Record<string, string> = {
    about_me: pickDistinct(random, notes.aboutMe, random.int(2, 4)).join(' '),
  };
  if (random.chance(0.6)) personal.looking_for = random.pick(notes.lookingFor);
  for (const [field, values] of Object.entries(DEMO_ALLOWED_VALUES)) {
    if (random.chance(0.8)) personal[field] = random.pick(values);
  }
  return JSON.stringify(personal);
}

function photoCount(random: Random): number {
  const roll = random.next();
  return roll < 0.5 ? 1 : roll < 0.8 ? 2 : 3;
}

function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const picked = new Set<T>();
  // Rejection is cheap here: at most four picks from a pool of a dozen or more.
  while (picked.size < Math.min(count, items.length)) picked.add(random.pick(items));
  return [...picked];
}

function isDemoLanguage(language: string): language is DemoLanguage {
  return language in FIRST_NAMES;
}

async function loadRegions(db: Db, countries: readonly string[]) {
  const rows = await db
    .selectFrom('regions')
    .select(['id', 'country', 'code'])
    .where('country', 'in', countries)
    .orderBy('id')
    .execute();
  const byCountry = new Map<string, { pick(random: Random): RegionChoice }>();
  for (const country of countries) {
    const choices: RegionChoice[] = rows
      .filter((row) => row.country === country)
      .map((row) => ({
        id: row.id,
        code: row.code,
        cities: citiesOfRegion(country, row.code),
        majorCities: majorCitiesOfRegion(country, row.code),
      }));
    if (choices.length === 0) throw new Error(`Seed the regions of ${country} before its profiles`);
    // Without a population figure, more known towns is a fair stand-in for more people.
    const weights = cumulative(
      choices.map((choice) => REGION_POPULATION_K[`${country}-${choice.code}`] ?? Math.sqrt(choice.cities.length)),
    );
    byCountry.set(country, { pick: (random) => random.pickWeighted(choices, weights) });
  }
  return byCountry;
}

/**
 * Returns the first of `count` consecutive ids nobody else will use. On PostgreSQL the
 * identity sequence is moved past them at once, so signups during a bulk seed cannot collide.
 * On SQLite a writer that commits between this read and our insert makes the transaction
 * fail with SQLITE_BUSY instead of colliding, since only one writer runs at a time.
 */
async function reserveIds(
  trx: Db,
  dialect: DialectName,
  table: 'members' | 'member_images',
  count: number,
): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ first: number | string }>`
      select setval(
        pg_get_serial_sequence(${table}, 'id')::regclass,
        greatest(
          nextval(pg_get_serial_sequence(${table}, 'id')::regclass),
          (select coalesce(max(id), 0) + 1 from ${sql.table(table)})
        ) + ${count}::bigint - 1
      ) - ${count}::bigint + 1 as first`.execute(trx);
    return Number(rows[0]?.first);
  }
  // AUTOINCREMENT never reuses an id, even of a deleted row; sqlite_sequence remembers the highest.
  const { rows } = await sql<{ first: number }>`
    select max(
      coalesce((select seq from sqlite_sequence where name = ${table}), 0),
      coalesce((select max(id) from ${sql.table(table)}), 0)
    ) + 1 as first`.execute(trx);
  return Number(rows[0]?.first);
}

async function insertInSlices<T extends object>(rows: readonly T[], insert: (slice: T[]) => Promise<unknown>) {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.floor(MAX_PARAMETERS_PER_STATEMENT / Object.keys(first).length);
  for (let start = 0; start < rows.length; start += perStatement) {
    await insert(rows.slice(start, start + perStatement));
  }
}
