import { hash } from '@node-rs/argon2';
import type { Db } from '../db/database.js';
import { refreshSearchRank } from '../db/search-rank.js';
import { grant } from '../ledger/credit-ledger.js';
import type { DemoAvatar } from './avatars.js';
import { DEFAULT_DEMO_DOMAIN } from './demo-sites.js';
import { seedRegions } from './seed-regions.js';
import { DAY_MS } from '../lib/time.js';

/** Shown on start and in the README; these accounts exist only in demo databases. */
export const DEMO_PASSWORD = 'rendezvous-demo';

export interface DemoLogin {
  domain: string;
  email: string;
  password: string;
  name: string;
}

interface DemoMember {
  domain: string;
  email: string;
  name: string;
  gender: 'female' | 'male';
  dateOfBirth: string;
  country: string;
  regionCode: string;
  city: string;
  language: string;
  /** One of each pair pays, so both sides of the paid/non-paid rules (webcam ads) can be tried. */
  paid: boolean;
  personal: Record<string, string>;
}

// Older than the spec's four-day threshold, so the non-paying demo members see webcam ads.
const DEMO_MEMBER_AGE_MS = 90 * DAY_MS;

const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    domain: DEFAULT_DEMO_DOMAIN,
    email: 'anna@demo.rendezvous.localhost',
    name: 'Anna',
    gender: 'female',
    dateOfBirth: '1966-04-12',
    country: 'NL',
    regionCode: 'NH',
    city: 'Amsterdam',
    language: 'nl',
    paid: false,
    personal: {
      about_me:
        'Amsterdamse met een zwak voor grachten, jazz en lange fietstochten. De kinderen zijn het huis uit, dus ik heb weer tijd voor mezelf.',
      looking_for: 'Iemand om mee te lachen, te koken en de stad te ontdekken.',
      relationship: 'divorced',
      smoking: 'no',
      education: 'bachelor',
    },
  },
  {
    domain: DEFAULT_DEMO_DOMAIN,
    email: 'pieter@demo.rendezvous.localhost',
    name: 'Pieter',
    gender: 'male',
    dateOfBirth: '1961-09-03',
    country: 'NL',
    regionCode: 'UT',
    city: 'Utrecht',
    language: 'nl',
    paid: true,
    personal: {
      about_me: 'Gepensioneerd leraar aardrijkskunde. Ik fiets, lees en kook graag voor vrienden.',
      looking_for: 'Een vrouw met humor die ook graag reist.',
      relationship: 'widowed',
      smoking: 'no',
      education: 'master',
    },
  },
  {
    domain: 'boxy.localhost',
    email: 'margaret@demo.rendezvous.localhost',
    name: 'Margaret',
    gender: 'female',
    dateOfBirth: '1957-02-20',
    country: 'GB',
    regionCode: 'ENG',
    city: 'Brighton',
    language: 'en',
    paid: false,
    personal: {
      about_me: 'Retired nurse living by the sea. I paint watercolours, swim in summer and love a proper Sunday roast.',
      looking_for: 'A gentleman with a kind heart and a sense of adventure.',
      relationship: 'widowed',
      smoking: 'no',
      education: 'vocational',
    },
  },
  {
    domain: 'boxy.localhost',
    email: 'george@demo.rendezvous.localhost',
    name: 'George',
    gender: 'male',
    dateOfBirth: '1953-11-08',
    country: 'IE',
    regionCode: 'D',
    city: 'Dublin',
    language: 'en',
    paid: true,
    personal: {
      about_me: 'Former engineer, now a keen golfer and amateur historian. Happiest on a long walk followed by a pint.',
      looking_for: 'Good company for concerts, coastal walks and the odd weekend away.',
      relationship: 'divorced',
      smoking: 'sometimes',
      education: 'bachelor',
    },
  },
];

/** The demo logins' addresses (normalized): other demo seeding finds them by these. */
export const DEMO_EMAILS = DEMO_MEMBERS.map((member) => member.email);

const DEMO_PHOTOS_PER_MEMBER = 2;
/** Enough for a long demo conversation without buying credits. */
const DEMO_CREDITS = 500;

/**
 * Creates the loginable demo members of every site in `siteIds` (domain to id) that lacks
 * them, and returns the logins of all of them. Sites not in the map are skipped.
 */
export async function seedDemoMembers(
  db: Db,
  siteIds: Readonly<Record<string, number>>,
  options: { avatars?: readonly DemoAvatar[]; now?: number } = {},
): Promise<DemoLogin[]> {
  const now = options.now ?? Date.now();
  const wanted = DEMO_MEMBERS.filter((member) => siteIds[member.domain] !== undefined);
  await seedRegions(
    db,
    wanted.map((member) => member.country),
  );
  const passwordHashes = await Promise.all(wanted.map(() => hash(DEMO_PASSWORD)));

  for (const [index, member] of wanted.entries()) {
    const siteId = siteIds[member.domain];
    if (siteId === undefined) continue;
    const existing = await db
      .selectFrom('members')
      .select('id')
      .where('site_id', '=', siteId)
      .where('email_normalized', '=', member.email)
      .executeTakeFirst();
    if (existing) continue;

    const region = await db
      .selectFrom('regions')
      .select('id')
      .where('country', '=', member.country)
      .where('code', '=', member.regionCode)
      .executeTakeFirst();
    const signupAt = now - DEMO_MEMBER_AGE_MS;
    const { id } = await db
      .insertInto('members')
      .values({
        site_id: siteId,
        email: member.email,
        email_normalized: member.email.toLowerCase(),
        name: member.name,
        password_hash: passwordHashes[index] ?? null,
        status: 'active',
        fictional: 0,
        paid_user: member.paid ? 1 : 0,
        mailprovider: 0,
        language: member.language,
        gender: member.gender,
        date_of_birth: member.dateOfBirth,
        country: member.country,
        countryregion: region?.id ?? null,
        city: member.city,
        personal: JSON.stringify(member.personal),
        signup_at: signupAt,
        last_active_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(db, id, DEMO_CREDITS, 'demo');

    const photos = (options.avatars ?? [])
      .filter((avatar) => avatar.gender === member.gender)
      .slice(index, index + DEMO_PHOTOS_PER_MEMBER);
    let mainImageId: number | undefined;
    for (const [position, photo] of photos.entries()) {
      const image = await db
        .insertInto('member_images')
        .values({
          member_id: id,
          filename: photo.filename,
          thumb_filename: photo.thumb_filename,
          position,
          created_at: signupAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      mainImageId ??= image.id;
    }
    if (mainImageId !== undefined) {
      await db.updateTable('members').set({ main_image_id: mainImageId }).where('id', '=', id).execute();
      await refreshSearchRank(db, id);
    }
  }
  return findDemoLogins(db);
}

/** The demo logins present in this database, for printing on start; empty when none exist. */
export async function findDemoLogins(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .selectFrom('members')
    .innerJoin('sites', 'sites.id', 'members.site_id')
    .select(['sites.domain', 'members.email', 'members.name'])
    .where('members.email_normalized', 'in', DEMO_EMAILS)
    .where('members.status', '=', 'active')
    .orderBy('sites.id')
    .orderBy('members.id')
    .execute();
  return rows.map((row) => ({ domain: row.domain, email: row.email, password: DEMO_PASSWORD, name: row.name }));
}
