import { LOCALES, type StaffRole } from '@rendezvous/contract';
import type { Db } from '../db/database.js';
import { listConsoleSites } from '../platform/staff/console-sites.js';
import { insertStaffAccount } from '../platform/staff/staff-accounts.js';
import type { TotpSecretBox } from '../platform/two-factor/totp-secret.js';
import { DEMO_PASSWORD } from './demo-members.js';

export interface DemoStaffLogin {
  role: StaffRole;
  email: string;
  password: string;
  /** Typed into an authenticator app (or `oathtool --totp -b`) for the codes. */
  totpSecret: string;
}

/**
 * The console's demo staff, with authenticator secrets as public as their password: only ever
 * for a development database (main.ts seeds them nowhere else).
 */
const DEMO_STAFF: readonly (DemoStaffLogin & { name: string; capacity: number })[] = [
  {
    role: 'admin',
    email: 'admin@console.demo.rendezvous.localhost',
    name: 'Ada Admin',
    password: DEMO_PASSWORD,
    totpSecret: 'RVDEMOADMINSECRETKEYFORTOTPAAAAA',
    capacity: 0,
  },
  {
    role: 'operator',
    email: 'operator@console.demo.rendezvous.localhost',
    name: 'Otto Operator',
    password: DEMO_PASSWORD,
    totpSecret: 'RVDEMOOPERATORSECRETKEYTOTPAAAAA',
    capacity: 5,
  },
];

const loginOf = ({ role, email, password, totpSecret }: DemoStaffLogin): DemoStaffLogin => ({
  role,
  email,
  password,
  totpSecret,
});

/**
 * A demo admin and a demo operator (every site, every language), enrolled in two-factor login
 * with known secrets. Only a database without any staff gets them, so a console set up by hand
 * is never touched; a restart finds them again for the start notice.
 */
export async function seedDemoStaff(db: Db, totpSecrets: TotpSecretBox): Promise<DemoStaffLogin[]> {
  const existing = await db.selectFrom('staff').select('email_normalized').execute();
  if (existing.length > 0) {
    const present = new Set(existing.map((row) => row.email_normalized));
    return DEMO_STAFF.filter((staff) => present.has(staff.email)).map(loginOf);
  }
  const sites = (await listConsoleSites(db)).map((site) => site.id);
  await db.transaction().execute(async (trx) => {
    for (const staff of DEMO_STAFF) {
      await insertStaffAccount(trx, {
        ...staff,
        sites,
        languages: LOCALES,
        sealedTotpSecret: totpSecrets.seal(staff.totpSecret),
      });
    }
  });
  return DEMO_STAFF.map(loginOf);
}
