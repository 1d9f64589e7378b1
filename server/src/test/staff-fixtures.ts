import { hash } from '@node-rs/argon2';
import { STAFF_SESSION_COOKIE, type StaffRole } from '@rendezvous/contract';
import { loadConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { StaffStatus } from '../db/schema.js';
import { createStaffSessionsRepository } from '../platform/staff/staff-sessions.repository.js';
import { createTotpSecretBox } from '../platform/two-factor/totp-secret.js';
import { TEST_PASSWORD } from './fixtures.js';

export { STAFF_SESSION_COOKIE };

/** The authenticator secret of every test account that does not name its own (codes: `totpCode`). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Sealed as the test app's own configuration seals it (createTestApp's default SESSION_SECRET). */
export const testTotpSecrets = createTotpSecretBox(loadConfig({ NODE_ENV: 'test' }).sessionSecret);

let passwordHash: Promise<string> | undefined;

/**
 * A staff account written straight to the database, by default enrolled in two-factor login with
 * `TEST_TOTP_SECRET`; `totpSecret: null` leaves the enrolment for its first login.
 */
export async function insertStaff(
  db: Db,
  options: {
    role: StaffRole;
    email?: string;
    name?: string;
    status?: StaffStatus;
    sites?: number[];
    languages?: string[];
    capacity?: number;
    totpSecret?: string | null;
  },
): Promise<number> {
  const email = options.email ?? `${options.role}-${Math.random().toString(36).slice(2)}@staff.test`;
  const now = Date.now();
  const row = await db
    .insertInto('staff')
    .values({
      email,
      email_normalized: email.toLowerCase(),
      name: options.name ?? `Test ${options.role}`,
      password_hash: await (passwordHash ??= hash(TEST_PASSWORD)),
      role: options.role,
      totp_secret: options.totpSecret === null ? null : testTotpSecrets.seal(options.totpSecret ?? TEST_TOTP_SECRET),
      totp_enrolled_at: options.totpSecret === null ? null : now,
      capacity: options.capacity ?? 5,
      status: options.status ?? 'active',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const siteId of options.sites ?? []) {
    await db.insertInto('staff_sites').values({ staff_id: row.id, site_id: siteId }).execute();
  }
  for (const language of options.languages ?? []) {
    await db.insertInto('staff_languages').values({ staff_id: row.id, language }).execute();
  }
  return row.id;
}

/**
 * Console cookies for a staff session written straight to the database. `totpAt` is when the
 * two-factor code was given (now by default); null leaves the login waiting for it.
 */
export async function staffCookies(
  db: Db,
  staffId: number,
  totpAt: number | null = Date.now(),
): Promise<Record<string, string>> {
  const sessions = createStaffSessionsRepository(db);
  const { token } = await sessions.create(staffId, { ip: '127.0.0.1' });
  if (totpAt !== null) await sessions.confirmTotp(token, totpAt);
  return { [STAFF_SESSION_COOKIE]: token };
}
