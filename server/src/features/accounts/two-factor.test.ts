import {
  LOGIN_CODE_PATH,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_PATH,
  TWO_FACTOR_SETUP_PATH,
  type RecoveryCodesResponse,
  type TotpEnrolment,
} from '@rendezvous/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/two-factor/totp.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  SESSION_COOKIE,
  sessionCookies,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { createAccountTokensRepository } from './account-tokens.repository.js';
import { LOGIN_CODES_PER_ACCOUNT } from './two-factor.routes.js';
import { PENDING_LOGIN_COOKIE } from './two-factor.js';

/** One step of 30 s later: the app's next code, which the server still accepts (one step of drift). */
const NEXT_STEP_MS = 30_000;

describe.each(TEST_DIALECTS)('two-factor login for members on %s', (dialect) => {
  let t: TestApp & { siteId: number };
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const cookiesOf = (response: LightMyRequestResponse) =>
    Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));

  async function member() {
    counter += 1;
    const email = `twofactor-${counter}-${Date.now()}@example.test`;
    const id = await insertMember(db(), t.siteId, { email });
    return { id, email, cookies: await sessionCookies(db(), id) };
  }

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookies: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers: browserHeaders(cookies), ...(payload ? { payload } : {}) });

  /** Sets it up as the settings page does; returns the secret and the recovery codes. */
  async function enable(cookies: Record<string, string>) {
    const offer = (await call('POST', TWO_FACTOR_SETUP_PATH, cookies)).json<TotpEnrolment>();
    const confirmed = await call('PUT', TWO_FACTOR_PATH, cookies, { code: await totpCode(offer.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret: offer.secret, recoveryCodes: confirmed.json<RecoveryCodesResponse>().recovery_codes };
  }

  const logIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email, password: TEST_PASSWORD },
    });
  const giveCode = (pending: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: LOGIN_CODE_PATH, headers: browserHeaders(pending), payload });

  it('is set up with a QR code and a confirming code, and shows the recovery codes once', async () => {
    const { id, email, cookies } = await member();
    expect((await call('GET', TWO_FACTOR_PATH, cookies)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });

    const offer = await call('POST', TWO_FACTOR_SETUP_PATH, cookies);
    expect(offer.statusCode).toBe(200);
    const { otpauth_uri, qr_code, secret } = offer.json<TotpEnrolment>();
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_uri)).toContain(`Site localhost:${email}`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // A reload offers the same secret, so a scan already made still counts.
    expect((await call('POST', TWO_FACTOR_SETUP_PATH, cookies)).json<TotpEnrolment>().secret).toBe(secret);

    const malformed = await call('PUT', TWO_FACTOR_PATH, cookies, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: 'validation.code_format' });
    const wrong = await call('PUT', TWO_FACTOR_PATH, cookies, {
      code: (await totpCode(secret)) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'validation.code_wrong' });

    const confirmed = await call('PUT', TWO_FACTOR_PATH, cookies, { code: await totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<RecoveryCodesResponse>().recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call('GET', TWO_FACTOR_PATH, cookies)).json()).toEqual({
      enabled: true,
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });
    // Stored sealed, and the codes only as hashes.
    const row = await db()
      .selectFrom('member_two_factor')
      .selectAll()
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    const hashes = await db()
      .selectFrom('member_recovery_codes')
      .select('code_hash')
      .where('member_id', '=', id)
      .execute();
    expect(hashes.map((stored) => stored.code_hash)).not.toContain(codes[0]);
    // Set up once: a second set-up is refused while it is on.
    expect((await call('POST', TWO_FACTOR_SETUP_PATH, cookies)).statusCode).toBe(409);
  });

  it('asks for the code after the password, takes each code and recovery code once', async () => {
    const { email, cookies } = await member();
    const { secret, recoveryCodes } = await enable(cookies);

    const password = await logIn(email);
    expect(password.statusCode).toBe(401);
    expect(password.json().error.code).toBe('two_factor_required');
    const pending = cookiesOf(password);
    expect(pending[PENDING_LOGIN_COOKIE]).toBeTruthy();
    expect(pending[SESSION_COOKIE]).toBeUndefined();

    const wrong = await giveCode(pending, {
      code: '000000' === (await totpCode(secret, Date.now() + NEXT_STEP_MS)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'validation.code_wrong' });

    const code = await totpCode(secret, Date.now() + NEXT_STEP_MS);
    const done = await giveCode(pending, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().email).toBe(email);
    const session = cookiesOf(done)[SESSION_COOKIE]!;
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).statusCode,
    ).toBe(200);

    // The same code again, in a new login: refused (a code seen once opens nothing again).
    const again = cookiesOf(await logIn(email));
    expect((await giveCode(again, { code })).statusCode).toBe(400);

    const recovered = await giveCode(again, { recovery_code: recoveryCodes[0]!.toUpperCase() });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const reused = await giveCode(cookiesOf(await logIn(email)), { recovery_code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields).toEqual({ recovery_code: 'validation.recovery_code_wrong' });
    expect((await call('GET', TWO_FACTOR_PATH, cookies)).json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('asks for the code after a password reset too: a mailed link is one factor', async () => {
    const { id, email, cookies } = await member();
    const { secret } = await enable(cookies);
    const token = await createAccountTokensRepository(db()).issue(id, 'reset_password', 60_000);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset_confirm.php',
      headers: browserHeaders(),
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(401);
    expect(reset.json().error.code).toBe('two_factor_required');
    expect(cookiesOf(reset)[SESSION_COOKIE]).toBeUndefined();
    const done = await giveCode(cookiesOf(reset), { code: await totpCode(secret, Date.now() + NEXT_STEP_MS) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().email).toBe(email);
  });

  it('refuses a code without a waiting login, or with a forged one', async () => {
    const { id, cookies } = await member();
    const { secret } = await enable(cookies);
    const code = await totpCode(secret, Date.now() + NEXT_STEP_MS);
    expect((await giveCode({}, { code })).statusCode).toBe(401);
    const forged = await giveCode({ [PENDING_LOGIN_COOKIE]: `${id}.${Date.now() + 60_000}.x` }, { code });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('invalid_credentials');
    const empty = await giveCode({}, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ code: 'validation.required' });
  });

  it('limits the codes tried on one account', async () => {
    const { email, cookies } = await member();
    const { secret } = await enable(cookies);
    const pending = cookiesOf(await logIn(email));
    const right = await totpCode(secret, Date.now() + NEXT_STEP_MS);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < LOGIN_CODES_PER_ACCOUNT; attempt += 1) {
      expect((await giveCode(pending, { code: wrongCode })).statusCode).toBe(400);
    }
    expect((await giveCode(pending, { code: right })).statusCode).toBe(429);
  });

  it('is turned off with the password and a code; then the password alone logs in', async () => {
    const { email, cookies } = await member();
    const { secret } = await enable(cookies);
    const code = await totpCode(secret, Date.now() + NEXT_STEP_MS);

    const wrongPassword = await call('DELETE', TWO_FACTOR_PATH, cookies, { password: 'not it', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toEqual({ password: 'validation.password_wrong' });
    const wrongCode = await call('DELETE', TWO_FACTOR_PATH, cookies, { password: TEST_PASSWORD, code: 'nope-nope' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields).toEqual({ code: 'validation.code_wrong' });

    const off = await call('DELETE', TWO_FACTOR_PATH, cookies, { password: TEST_PASSWORD, code });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await logIn(email)).statusCode).toBe(200);
  });

  it('is each member’s own: 403 for visitors, and one member’s setting is not another’s', async () => {
    for (const [method, url] of [
      ['GET', TWO_FACTOR_PATH],
      ['POST', TWO_FACTOR_SETUP_PATH],
      ['PUT', TWO_FACTOR_PATH],
      ['DELETE', TWO_FACTOR_PATH],
    ] as const) {
      expect((await call(method, url, {}, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
    }
    const a = await member();
    const b = await member();
    const { secret } = await enable(a.cookies);
    expect((await call('GET', TWO_FACTOR_PATH, b.cookies)).json().enabled).toBe(false);
    // B cannot confirm or turn off A's with A's codes: B's own calls touch only B.
    expect((await call('PUT', TWO_FACTOR_PATH, b.cookies, { code: await totpCode(secret) })).statusCode).toBe(409);
    const code = await totpCode(secret, Date.now() + NEXT_STEP_MS);
    expect((await call('DELETE', TWO_FACTOR_PATH, b.cookies, { password: TEST_PASSWORD, code })).statusCode).toBe(400);
    expect((await call('GET', TWO_FACTOR_PATH, a.cookies)).json().enabled).toBe(true);
  });
});
