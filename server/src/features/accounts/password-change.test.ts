import { randomBytes } from 'node:crypto';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_RESET_LINK_TTL_MS,
  VALIDATION,
  type ErrorBody,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, logIn, TEST_PASSWORD } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { createAccountTokensRepository } from './account-tokens.repository.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

const NEW_PASSWORD = 'a brand new password';

describe.each(TEST_DIALECTS)('password change on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newMember() {
    const email = `changer-${randomBytes(6).toString('hex')}@example.test`;
    const id = await insertMember(t.database.db, t.siteId, { email });
    return { id, email };
  }

  const change = (session: string | null, payload: object, ip = '10.1.1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/password_change.php',
      headers: browserHeaders(session ? { [SESSION_COOKIE]: session } : {}),
      payload,
      remoteAddress: ip,
    });
  const userWith = (session: string) =>
    t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) });
  const passwordHashOf = async (id: number) =>
    (await t.database.db.selectFrom('members').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  it('sets the new password, ends the other sessions and keeps this browser logged in', async () => {
    const { id, email } = await newMember();
    const phone = await logIn(t.app, email);
    const laptop = await logIn(t.app, email);

    const response = await change(laptop, { current_password: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: true });

    // The phone (someone who may have known the old password) is logged out.
    expect((await userWith(phone)).statusCode).toBe(403);
    // This browser goes on with the fresh session the answer set.
    const fresh = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(fresh?.httpOnly).toBe(true);
    expect((await userWith(fresh!.value)).statusCode).toBe(200);
    expect((await userWith(fresh!.value)).json().email).toBe(email);
    expect((await userWith(laptop)).statusCode).toBe(403);

    await expect(logIn(t.app, email)).rejects.toThrow(/401/);
    expect(await logIn(t.app, email, NEW_PASSWORD)).toBeTruthy();
    expect(await passwordHashOf(id)).toMatch(/^\$argon2/);
  });

  it('voids a password reset link mailed before the change', async () => {
    const { id, email } = await newMember();
    const tokens = createAccountTokensRepository(t.database.db);
    const link = await tokens.issue(id, 'reset_password', PASSWORD_RESET_LINK_TTL_MS);
    const response = await change(await logIn(t.app, email), {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await tokens.consume(link, 'reset_password')).toEqual({ ok: false, reason: 'used' });
  });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const { id, email } = await newMember();
    const session = await logIn(t.app, email);
    const before = await passwordHashOf(id);

    const response = await change(session, { current_password: 'not my password', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).error).toMatchObject({
      code: 'validation_failed',
      fields: { current_password: VALIDATION.passwordWrong },
    });
    expect(await passwordHashOf(id)).toBe(before);
    expect((await userWith(session)).statusCode).toBe(200);
  });

  it.each([
    [{ password: NEW_PASSWORD }, { current_password: VALIDATION.required }],
    [{ current_password: '', password: NEW_PASSWORD }, { current_password: VALIDATION.required }],
    [{ current_password: TEST_PASSWORD, password: 'x'.repeat(PASSWORD_MIN - 1) }, { password: VALIDATION.passwordMin }],
    [{ current_password: TEST_PASSWORD }, { password: VALIDATION.required }],
    [{ current_password: TEST_PASSWORD, password: 12345678 }, { password: VALIDATION.required }],
  ])('refuses %j with 400 and the reason per field', async (payload, fields) => {
    const { email } = await newMember();
    const response = await change(await logIn(t.app, email), payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).error.fields).toEqual(fields);
  });

  it('says a password over the longest allowed is too long, not missing', async () => {
    const session = await logIn(t.app, (await newMember()).email);
    const tooLong = 'x'.repeat(PASSWORD_MAX + 1);
    const current = await change(session, { current_password: tooLong, password: NEW_PASSWORD });
    expect((current.json() as ErrorBody).error.fields).toEqual({ current_password: VALIDATION.tooLong });
    const next = await change(session, { current_password: TEST_PASSWORD, password: tooLong });
    expect(next.statusCode).toBe(400);
    expect((next.json() as ErrorBody).error.fields).toEqual({ password: VALIDATION.tooLong });
  });

  it('needs a session (403), also before looking at the body', async () => {
    for (const payload of [{ current_password: TEST_PASSWORD, password: NEW_PASSWORD }, {}]) {
      const response = await change(null, payload);
      expect(response.statusCode).toBe(403);
      expect((response.json() as ErrorBody).error.code).toBe('not_logged_in');
    }
  });

  it("only ever changes the session member's password", async () => {
    const a = await newMember();
    const b = await newMember();
    const bBefore = await passwordHashOf(b.id);
    const response = await change(await logIn(t.app, a.email), {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await passwordHashOf(b.id)).toBe(bBefore);
    expect(await logIn(t.app, b.email)).toBeTruthy();
  });

  it('limits the attempts per address (429)', async () => {
    const { email } = await newMember();
    const session = await logIn(t.app, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await change(session, { current_password: 'guess', password: NEW_PASSWORD }, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('counts only the attempts it could read, so a form sent incomplete does not use up the limit', async () => {
    const { email } = await newMember();
    const session = await logIn(t.app, email);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await change(session, { current_password: TEST_PASSWORD }, '10.8.8.8')).statusCode).toBe(400);
    }
    const response = await change(session, { current_password: TEST_PASSWORD, password: NEW_PASSWORD }, '10.8.8.8');
    expect(response.statusCode).toBe(200);
  });
});
