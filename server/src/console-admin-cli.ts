import { parseArgs } from 'node:util';
import { LOCALES } from '@rendezvous/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createConsoleStaffRepository } from './features/console-staff/console-staff.repository.js';
import { recordAudit, type AuditActor } from './platform/audit/audit-log.js';
import { listConsoleSites } from './platform/staff/console-sites.js';
import { findStaffIdByEmail, generateStaffPassword, insertStaffAccount } from './platform/staff/staff-accounts.js';

const USAGE = `Usage: npm run console:admin -- --email ADDRESS [--name NAME] [--reset-two-factor]

Creates an admin of the operator console in the configured database (SQLite by default,
PostgreSQL when DATABASE_URL is set) and prints its password once; the admin enrols an
authenticator app at the first login on /console/login. An existing account is left as it is.
--reset-two-factor makes an existing account enrol again at its next login (a lost phone, or a
new SESSION_SECRET, which leaves the stored authenticator secrets unreadable).`;

/** Where the audit log says the change came from: this command, not an address. */
const FROM_COMMAND_LINE = 'command line';

class UsageError extends Error {}

interface Arguments {
  email: string;
  name: string;
  resetTwoFactor: boolean;
}

function parseArguments(argv: string[]): Arguments {
  let values: { email?: string; name?: string; 'reset-two-factor'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        'reset-two-factor': { type: 'boolean' },
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
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new UsageError('--email needs an e-mail address');
  const name = values.name?.trim() || email.data.split('@')[0] || 'Admin';
  return { email: email.data, name, resetTwoFactor: values['reset-two-factor'] ?? false };
}

async function createAdmin(db: Db, args: Arguments): Promise<string> {
  const password = generateStaffPassword();
  // Every site and language, so the admin may step in anywhere; capacity 0 keeps the inbox's
  // auto-assignment from handing them conversations.
  const sites = (await listConsoleSites(db)).map((site) => site.id);
  await db.transaction().execute(async (trx) => {
    const id = await insertStaffAccount(trx, {
      email: args.email,
      name: args.name,
      role: 'admin',
      password,
      sites,
      languages: LOCALES,
      capacity: 0,
    });
    const actor: AuditActor = { staffId: id, staffEmail: args.email, ip: FROM_COMMAND_LINE };
    await recordAudit(trx, actor, { action: 'staff.create', target: { type: 'staff', id }, detail: { role: 'admin' } });
  });
  return password;
}

async function main() {
  const args = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const existing = await findStaffIdByEmail(database.db, args.email);
    if (existing === undefined) {
      if (args.resetTwoFactor) throw new UsageError(`There is no staff account for ${args.email} to reset.`);
      const password = await createAdmin(database.db, args);
      console.log(`Created the console admin ${args.email}.`);
      console.log(`Password (shown only now; hand it over safely): ${password}`);
      console.log('Log in at /console/login on any of the sites and set up two-factor login there.');
      return;
    }
    if (!args.resetTwoFactor) {
      console.log(`A staff account for ${args.email} exists already; nothing was changed.`);
      return;
    }
    const actor: AuditActor = { staffId: existing, staffEmail: args.email, ip: FROM_COMMAND_LINE };
    await createConsoleStaffRepository(database.db).resetTwoFactor(actor, existing);
    console.log(`${args.email} sets up two-factor login again at the next login; their sessions have ended.`);
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
