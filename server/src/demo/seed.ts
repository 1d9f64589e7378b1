import { SiteConfigSchema } from '@rendezvous/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MediaStore } from '../lib/media-store.js';
import { generateAvatars, type DemoAvatar } from './avatars.js';
import { seedDemoConversations } from './demo-conversations.js';
import { findDemoLogins, seedDemoMembers, type DemoLogin } from './demo-members.js';
import { DEFAULT_DEMO_DOMAIN, DEMO_SITES } from './demo-sites.js';
import { seedProfiles } from './profiles.js';
import { seedRegions } from './seed-regions.js';

export type { DemoLogin } from './demo-members.js';

export interface SeedDemoOptions {
  /** Where the avatars go: the store the server serves from. */
  media: MediaStore;
  /** How many generated profiles to add across the demo sites. */
  profiles: number;
  log?: (message: string) => void;
}

export interface SeedDemoResult {
  /** False when the database already had sites; nothing was written then. */
  created: boolean;
  logins: DemoLogin[];
}

/** The default site's share when profiles are split across sites. */
const DEFAULT_SITE_SHARE = 2 / 3;

/**
 * Fills an empty database with the demo sites, their regions, generated profiles with
 * avatars and the loginable demo members. A database that has any site is left alone, so
 * restarts and operator-configured installations are never touched.
 */
export async function seedDemoData(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  if (await hasSites(db)) return { created: false, logins: await findDemoLogins(db) };
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const avatars = await generateAvatars(options.media);
  try {
    // One transaction, so a crash halfway leaves an empty database that the next start seeds again.
    const logins = await db.transaction().execute(async (trx) => {
      const sites = await insertDemoSites(trx);
      await seedRegions(
        trx,
        DEMO_SITES.flatMap((site) => site.countries),
      );
      const logins = await seedDemoMembers(trx, Object.fromEntries(sites.map((site) => [site.domain, site.id])), {
        avatars,
      });
      for (const { site, count } of splitProfiles(options.profiles, sites)) {
        await seedProfiles(trx, { siteId: site.id, countries: site.countries, count, avatars });
      }
      await seedDemoConversations(trx);
      return logins;
    });
    log(
      `Seeded ${DEMO_SITES.length} demo sites with ${options.profiles} profiles and ${logins.length} demo logins ` +
        `in ${Date.now() - started} ms`,
    );
    return { created: true, logins };
  } catch (error) {
    await removeAvatars(options.media, avatars);
    // Another node seeding the same empty database at the same moment wins on the unique domain.
    if (await hasSites(db)) return { created: false, logins: await findDemoLogins(db) };
    throw error;
  }
}

/** The CLI prints this one as a plain message rather than a crash. */
export class UnknownSiteError extends Error {}

export interface SeedBulkOptions {
  media: MediaStore;
  profiles: number;
  /** Only this site gets the profiles; by default they are split like the demo data. */
  siteDomain?: string;
  onProgress?: (inserted: number) => void;
  log?: (message: string) => void;
}

/**
 * Adds generated profiles to a database for benchmarks (`npm run seed -- --profiles N`),
 * seeding the demo sites first when there are none.
 */
export async function seedBulkProfiles(
  db: Db,
  options: SeedBulkOptions,
): Promise<{ inserted: number; sites: { domain: string; count: number }[] }> {
  if (!(await hasSites(db))) {
    if (options.siteDomain && !DEMO_SITES.some((site) => site.domain === options.siteDomain)) {
      throw new UnknownSiteError(`Unknown site "${options.siteDomain}"; the demo sites are ${demoDomains()}`);
    }
    await seedDemoData(db, { media: options.media, profiles: 0, ...(options.log ? { log: options.log } : {}) });
  }
  const all = await loadSites(db);
  const targets = options.siteDomain ? all.filter((site) => site.domain === options.siteDomain) : all;
  if (targets.length === 0) {
    throw new UnknownSiteError(
      `Unknown site "${options.siteDomain ?? ''}"; this database has ${all.map((site) => site.domain).join(', ')}`,
    );
  }
  await seedRegions(
    db,
    targets.flatMap((site) => site.countries),
  );
  const avatars = await generateAvatars(options.media);
  const plan = splitProfiles(options.profiles, targets);
  let done = 0;
  for (const { site, count } of plan) {
    const before = done;
    await seedProfiles(db, {
      siteId: site.id,
      countries: site.countries,
      count,
      avatars,
      onProgress: (inserted) => options.onProgress?.(before + inserted),
    });
    done += count;
  }
  // Fresh statistics, so the planner uses the search index on the new volume right away.
  await sql`analyze`.execute(db);
  return { inserted: done, sites: plan.map(({ site, count }) => ({ domain: site.domain, count })) };
}

interface SeededSite {
  id: number;
  domain: string;
  isDefault: boolean;
  countries: string[];
}

function demoDomains(): string {
  return DEMO_SITES.map((site) => site.domain).join(', ');
}

async function hasSites(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function insertDemoSites(db: Db): Promise<SeededSite[]> {
  const createdAt = Date.now();
  const sites: SeededSite[] = [];
  for (const config of DEMO_SITES) {
    const isDefault = config.domain === DEFAULT_DEMO_DOMAIN;
    const { id } = await db
      .insertInto('sites')
      .values({
        domain: config.domain,
        is_default: isDefault ? 1 : 0,
        config: JSON.stringify(config),
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('discount_codes').values(demoWelcomeOffer(id, createdAt)).execute();
    sites.push({ id, domain: config.domain, isDefault, countries: config.countries });
  }
  return sites;
}

/**
 * Each demo site's welcome offer: 20 % more credits on a purchase in the first hours after
 * sign-up (features/discounts issues each new member a personal code from it).
 */
const demoWelcomeOffer = (siteId: number, now: number) => ({
  site_id: siteId,
  code: 'WELCOME',
  kind: 'bonus' as const,
  value: 20,
  max_uses: null,
  valid_from: now,
  valid_until: null,
  per_member_once: 1,
  purpose: 'welcome' as const,
  member_id: null,
  created_at: now,
});

const SiteCountriesSchema = SiteConfigSchema.pick({ countries: true });

async function loadSites(db: Db): Promise<SeededSite[]> {
  const rows = await db.selectFrom('sites').select(['id', 'domain', 'is_default', 'config']).orderBy('id').execute();
  return rows.map((row) => {
    const config: unknown = JSON.parse(row.config);
    return {
      id: row.id,
      domain: row.domain,
      isDefault: row.is_default === 1,
      countries: SiteCountriesSchema.parse(config).countries,
    };
  });
}

/** The default site gets two thirds when there are others; the rest share the remainder evenly. */
function splitProfiles(total: number, sites: readonly SeededSite[]): { site: SeededSite; count: number }[] {
  const main = sites.find((site) => site.isDefault) ?? sites[0];
  if (!main || total <= 0) return [];
  const others = sites.filter((site) => site !== main);
  if (others.length === 0) return [{ site: main, count: total }];
  const mainCount = Math.round(total * DEFAULT_SITE_SHARE);
  const rest = total - mainCount;
  return [
    { site: main, count: mainCount },
    ...others.map((site, index) => ({
      site,
      count: Math.floor(rest / others.length) + (index < rest % others.length ? 1 : 0),
    })),
  ].filter(({ count }) => count > 0);
}

async function removeAvatars(media: MediaStore, avatars: readonly DemoAvatar[]) {
  await Promise.all(
    avatars.flatMap((avatar) => [avatar.filename, avatar.thumb_filename].map((name) => media.remove(name))),
  );
}
