import {
  RECOVERY_CODE_COUNT,
  STAFF_RECONFIRM_MS,
  STAFF_SESSION_COOKIE,
  type ConsoleLoginResponse,
  type ConsoleMe,
  type RecoveryCodesResponse,
  type TotpEnrolment,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/two-factor/totp.js';
import { browserHeaders, createTestApp, TEST_PASSWORD } from '../../test/fixtures.js';
import { insertStaff, staffCookies, TEST_TOTP_SECRET, testTotpSecrets } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { CODE_FAILURES_PER_SESSION, CONSOLE_LOGINS_PER_EMAIL } from './console-auth.routes.js';

/** A code of the next time step: the one before may already have been used in the same test. */
const STEP_MS = 30_000;

describe.each(TEST_DIALECTS)('console login on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // Each test logs in from an address of its own, so the per-address login limit is only met where it is tested.
  const newAddress = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookies: Record<string, string> = {},
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) => t.app.inject({ method, url, headers: browserHeaders(cookies), payload, remoteAddress });

  async function logIn(email: string, password = TEST_PASSWORD, remoteAddress = newAddress()) {
    const response = await call('POST', '/api/console/login', {}, { email, password }, remoteAddress);
    const token = response.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)?.value;
    const cookies: Record<string, string> = token ? { [STAFF_SESSION_COOKIE]: token } : {};
    return { response, cookies };
  }

  const auditRows = (staffId: number) =>
    t.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', staffId).orderBy('id').execute();

  const email = () => `staff-${Math.random().toString(36).slice(2)}@staff.test`;

  it('asks for the code after the password, and opens nothing else until it is given', async () => {
    const address = email();
    const id = await insertStaff(t.database.db, { role: 'operator', email: address });
    const { response, cookies } = await logIn(address.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json<ConsoleLoginResponse>()).toEqual({
      staff: { id, name: 'Test operator', email: address },
      stage: 'code',
    });
    const cookiePaths = response.cookies.filter((cookie) => cookie.name === STAFF_SESSION_COOKIE).map((c) => c.path);
    expect(cookiePaths.sort()).toEqual(['/api/console', '/console']);

    expect((await call('GET', '/api/console/me', cookies)).json().error.code).toBe('two_factor_required');
    const wrong = await call('POST', '/api/console/totp/verify', cookies, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'console.validation.code_wrong' });

    const right = await call('POST', '/api/console/totp/verify', cookies, { code: await totpCode(TEST_TOTP_SECRET) });
    expect(right.statusCode).toBe(200);
    const me = await call('GET', '/api/console/me', cookies);
    expect(me.statusCode).toBe(200);
    expect(me.json<ConsoleMe>()).toMatchObject({
      id,
      role: 'operator',
      permissions: ['inbox.answer', 'members.read', 'members.refund'],
    });

    expect((await auditRows(id)).map((row) => [row.action, JSON.parse(row.detail ?? 'null')])).toEqual([
      ['staff.login_failed', { step: 'code' }],
      ['staff.login', { with: 'totp' }],
    ]);
  });

  it('refuses a wrong password, an unknown address and a disabled account alike', async () => {
    const active = email();
    const disabled = email();
    const id = await insertStaff(t.database.db, { role: 'admin', email: active });
    await insertStaff(t.database.db, { role: 'admin', email: disabled, status: 'disabled' });
    for (const [address, password] of [
      [active, 'wrong password'],
      [email(), TEST_PASSWORD],
      [disabled, TEST_PASSWORD],
    ] as const) {
      const { response, cookies } = await logIn(address, password);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_credentials');
      expect(cookies).toEqual({});
    }
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['staff.login_failed']);
  });

  it('enrols the app at the first login with a QR code made here, then hands out recovery codes once', async () => {
    const address = email();
    const id = await insertStaff(t.database.db, { role: 'operator', email: address, totpSecret: null });
    const { response, cookies } = await logIn(address);
    expect(response.json<ConsoleLoginResponse>().stage).toBe('enrol');

    const first = await call('GET', '/api/console/totp/enrolment', cookies);
    expect(first.statusCode).toBe(200);
    const enrolment = first.json<TotpEnrolment>();
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Rendezvous%20console:/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(Buffer.from(enrolment.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
      /^<svg/,
    );
    // A reload shows the same secret, so an app that scanned the first one still works.
    expect((await call('GET', '/api/console/totp/enrolment', cookies)).json<TotpEnrolment>().secret).toBe(
      enrolment.secret,
    );
    // Stored sealed, never as the secret itself.
    const stored = await t.database.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(enrolment.secret);
    expect(testTotpSecrets.open(stored.totp_secret ?? '')).toBe(enrolment.secret);
    expect((await call('GET', '/api/console/me', cookies)).json().error.code).toBe('two_factor_required');

    const wrong = await call('POST', '/api/console/totp/enrol', cookies, { code: '123456' });
    expect(wrong.json().error.fields).toEqual({ code: 'console.validation.code_wrong' });
    const enrolled = await call('POST', '/api/console/totp/enrol', cookies, { code: await totpCode(enrolment.secret) });
    expect(enrolled.statusCode).toBe(200);
    const { recovery_codes: codes } = enrolled.json<RecoveryCodesResponse>();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);

    const kept = await t.database.db
      .selectFrom('staff_recovery_codes')
      .selectAll()
      .where('staff_id', '=', id)
      .execute();
    expect(kept).toHaveLength(RECOVERY_CODE_COUNT);
    expect(kept.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect((await call('GET', '/api/console/me', cookies)).json<ConsoleMe>().recovery_codes_left).toBe(10);
    expect((await call('GET', '/api/console/totp/enrolment', cookies)).json().error.code).toBe('forbidden');
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['staff.two_factor_enrolled']);

    // The next login asks for the code of the app just enrolled.
    const next = await logIn(address);
    expect(next.response.json<ConsoleLoginResponse>().stage).toBe('code');
  });

  it('takes each recovery code once, in place of the app', async () => {
    const address = email();
    const id = await insertStaff(t.database.db, { role: 'operator', email: address, totpSecret: null });
    const enrolling = await logIn(address);
    const { secret } = (await call('GET', '/api/console/totp/enrolment', enrolling.cookies)).json<TotpEnrolment>();
    const codes = (
      await call('POST', '/api/console/totp/enrol', enrolling.cookies, { code: await totpCode(secret) })
    ).json<RecoveryCodesResponse>().recovery_codes;

    const first = await logIn(address);
    // Typed as someone copies it off paper: upper case, a space for the dash.
    const typed = (codes[3] ?? '').toUpperCase().replace('-', ' ');
    const used = await call('POST', '/api/console/totp/recover', first.cookies, { recovery_code: typed });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ recovery_codes_left: 9 });
    expect((await call('GET', '/api/console/me', first.cookies)).statusCode).toBe(200);

    const second = await logIn(address);
    const again = await call('POST', '/api/console/totp/recover', second.cookies, { recovery_code: codes[3] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ recovery_code: 'console.validation.recovery_code_wrong' });
    expect((await call('GET', '/api/console/me', second.cookies)).json().error.code).toBe('two_factor_required');

    expect((await auditRows(id)).map((row) => [row.action, JSON.parse(row.detail ?? 'null')])).toEqual([
      ['staff.two_factor_enrolled', null],
      ['staff.login', { with: 'recovery_code' }],
      ['staff.login_failed', { step: 'recovery_code' }],
    ]);
  });

  it('accepts a code only once, even in another session', async () => {
    const address = email();
    await insertStaff(t.database.db, { role: 'operator', email: address });
    const code = await totpCode(TEST_TOTP_SECRET, Date.now() + STEP_MS);
    const first = await logIn(address);
    const second = await logIn(address);
    expect((await call('POST', '/api/console/totp/verify', first.cookies, { code })).statusCode).toBe(200);
    expect((await call('POST', '/api/console/totp/verify', second.cookies, { code })).statusCode).toBe(400);
  });

  it('ends the session after a few wrong codes, so the code cannot be guessed', async () => {
    const address = email();
    await insertStaff(t.database.db, { role: 'operator', email: address });
    const { cookies } = await logIn(address);
    for (let attempt = 1; attempt < CODE_FAILURES_PER_SESSION; attempt++) {
      expect((await call('POST', '/api/console/totp/verify', cookies, { code: '000000' })).statusCode).toBe(400);
    }
    const last = await call('POST', '/api/console/totp/verify', cookies, { code: '000000' });
    expect(last.statusCode).toBe(429);
    // The right code no longer helps: the password has to be given again.
    const late = await call('POST', '/api/console/totp/verify', cookies, { code: await totpCode(TEST_TOTP_SECRET) });
    expect(late.json().error.code).toBe('not_logged_in');
  });

  it('limits the passwords tried on one address, from however many places', async () => {
    const address = email();
    await insertStaff(t.database.db, { role: 'admin', email: address });
    for (let attempt = 0; attempt < CONSOLE_LOGINS_PER_EMAIL; attempt++) {
      expect((await logIn(address, 'guess')).response.statusCode).toBe(401);
    }
    const limited = await logIn(address);
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json().error.code).toBe('rate_limited');
  });

  it('asks for the code again for a sensitive action after 10 minutes, and takes it', async () => {
    const id = await insertStaff(t.database.db, { role: 'operator' });
    const cookies = await staffCookies(t.database.db, id, Date.now() - STAFF_RECONFIRM_MS - 1000);
    const refused = await call('POST', '/api/console/recovery-codes', cookies);
    expect(refused.json().error.code).toBe('reconfirm_required');
    expect((await call('POST', '/api/console/reconfirm', cookies, { code: '111111' })).statusCode).toBe(400);
    const code = await totpCode(TEST_TOTP_SECRET);
    expect(
      (await call('POST', '/api/console/reconfirm', cookies, { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }))
        .statusCode,
    ).toBe(200);

    const regenerated = await call('POST', '/api/console/recovery-codes', cookies);
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json<RecoveryCodesResponse>().recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call('GET', '/api/console/me', cookies)).json<ConsoleMe>().recovery_codes_left).toBe(10);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['staff.recovery_codes_regenerated']);
  });

  it('lets operators set their own capacity, and logs out for good', async () => {
    const id = await insertStaff(t.database.db, { role: 'operator', capacity: 5 });
    const cookies = await staffCookies(t.database.db, id);
    expect((await call('PUT', '/api/console/me/capacity', cookies, { capacity: 51 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/console/me/capacity', cookies, { capacity: 8 })).statusCode).toBe(200);
    expect((await call('GET', '/api/console/me', cookies)).json<ConsoleMe>().capacity).toBe(8);

    const out = await call('POST', '/api/console/logout', cookies);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.filter((cookie) => cookie.name === STAFF_SESSION_COOKIE && cookie.value === '')).toHaveLength(2);
    expect((await call('GET', '/api/console/me', cookies)).json().error.code).toBe('not_logged_in');
    expect((await auditRows(id)).map((row) => [row.action, JSON.parse(row.detail ?? 'null')])).toEqual([
      ['staff.capacity', { capacity: [5, 8] }],
      ['staff.logout', null],
    ]);
  });
});
