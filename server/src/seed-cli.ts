import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createMediaStore } from './lib/media-stores.js';
import { seedBulkProfiles, UnknownSiteError } from './demo/seed.js';

const USAGE = `Usage: npm run seed -- --profiles N [--site DOMAIN]

Adds N generated profiles to the configured database (SQLite by default, PostgreSQL when
DATABASE_URL is set), seeding the demo sites first if it has none. Without --site the
profiles are split across the sites, two thirds to the default one.`;

const PROGRESS_EVERY = 50_000;

class UsageError extends Error {}

function parseArguments(argv: string[]): { profiles: number; site: string | undefined } {
  let values: { profiles?: string; site?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        profiles: { type: 'string', short: 'n' },
        site: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.profiles === undefined) throw new UsageError('--profiles is required');
  const profiles = Number(values.profiles.replaceAll('_', ''));
  if (!Number.isSafeInteger(profiles) || profiles < 1) {
    throw new UsageError(`--profiles must be a whole number of at least 1, not "${values.profiles}"`);
  }
  if (values.site !== undefined && values.site.trim() === '') throw new UsageError('--site needs a domain');
  return { profiles, site: values.site?.trim().toLowerCase() };
}

async function main() {
  const args = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const database = openDatabase(config.database);
  const media = createMediaStore(config.media);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    await migrateToLatest(database.db);
    console.log(`Seeding ${args.profiles.toLocaleString('en')} profiles into ${database.dialect}...`);
    let reported = 0;
    const result = await seedBulkProfiles(database.db, {
      media,
      profiles: args.profiles,
      ...(args.site ? { siteDomain: args.site } : {}),
      log: console.log,
      onProgress: (inserted) => {
        if (inserted - reported >= PROGRESS_EVERY || inserted === args.profiles) {
          reported = inserted;
          console.log(`  ${inserted.toLocaleString('en')} profiles (${elapsed()})`);
        }
      },
    });
    const perSite = result.sites.map((site) => `${site.domain}: ${site.count.toLocaleString('en')}`).join(', ');
    console.log(`Done: ${result.inserted.toLocaleString('en')} profiles in ${elapsed()} (${perSite})`);
  } finally {
    media.close();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError || error instanceof UnknownSiteError ? error.message : error);
  process.exit(1);
});
