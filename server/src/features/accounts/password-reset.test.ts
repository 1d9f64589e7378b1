import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '@rendezvous/contract';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  logIn,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

describe.each(TEST_DIALECTS)('password reset on %s', (dialect) => {
  let t: TestAppWithMail;
  const email = 'forgetful@example.test';

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    await insertMember(t.database.db, t.siteId, { email, name: 'Forgetful', language: 'de' });
  });
  afterAll(async () => {
    await t.close();
  });

  const request = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/password_reset.php', headers: browserHeaders(), payload: body });
  const confirm = (body: object, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/password_reset_confirm.php',
      headers: browserHeaders(cookies),
      payload: body,
    });

  it('answers the same for an unknown address and sends no mail', async () => {
    const unknown = await request({ email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ sent: true });
  });

  it('mails a single-use link that sets the password and ends the other sessions', async () => {
    const otherDevice = await logIn(t.app, email);
    const response = await request({ email: 'Forgetful@example.test' });
    expect(response.json()).toEqual({ sent: true });

    const mail = await t.smtp.waitForMail(email);
    const link = /https?:\/\/[^\s"<]+\/reset-password\/do\?token=([\w%-]+)/.exec(mail.text ?? '');
    expect(link).toBeTruthy();
    const token = decodeURIComponent(link![1]!);

    const done = await confirm({ token, password: 'a brand new password' });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBeTruthy();

    const old = await t.app.inject({
      url: '/api/user.php',
      headers: browserHeaders({ [SESSION_COOKIE]: otherDevice }),
    });
    expect(old.statusCode).toBe(403);
    await expect(logIn(t.app, email, 'a brand new password')).resolves.toEqual(expect.any(String));

    const reused = await confirm({ token, password: 'yet another password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields.token).toBe('validation.link_invalid');
  });

  it('refuses an expired link', async () => {
    await request({ email });
    const mail = await t.smtp.waitForMail(email);
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text ?? '')![1]!);
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('used_at', 'is', null)
      .execute();
    const response = await confirm({ token, password: 'a brand new password' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a short new password and a missing token with their fields', async () => {
    const response = await confirm({ password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      token: 'validation.required',
      password: 'validation.password_min',
    });
  });

  it('says a new password over the longest allowed is too long, not missing', async () => {
    const response = await confirm({ token: 'any', password: 'x'.repeat(PASSWORD_MAX + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: 'validation.too_long' });
  });

  it('limits reset requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await request({ email: 'limit@example.test' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
