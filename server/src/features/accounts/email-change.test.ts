import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, logIn, TEST_PASSWORD } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.js';
import { SESSION_COOKIE } from './sessions.repository.js';

const tokenIn = (text: string | undefined, path: string) => {
  const match = new RegExp(`${path.replace(/[.?]/g, '\\$&')}\\?token=([\\w%-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in the mail`);
  return decodeURIComponent(match[1]!);
};

describe.each(TEST_DIALECTS)('e-mail change on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const request = (token: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email_change.php',
      headers: browserHeaders({ [SESSION_COOKIE]: token }),
      payload: body,
    });
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email_change_confirm.php',
      headers: browserHeaders(),
      payload: { token },
    });

  it('confirms the new address by its link, tells the old one, and lets the old one undo it', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'old@example.test' });
    const session = await logIn(t.app, 'old@example.test');

    const asked = await request(session, { email: 'New@Example.test', password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ pending: 'New@Example.test' });
    const unchanged = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(unchanged?.email).toBe('old@example.test');

    const confirmMail = await smtp.waitForMail('new@example.test');
    const confirmed = await confirm(tokenIn(confirmMail.text, '/mail-change/do'));
    expect(confirmed.json()).toEqual({ email: 'New@Example.test' });
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).json()
        .email,
    ).toBe('New@Example.test');
    expect((await confirm(tokenIn(confirmMail.text, '/mail-change/do'))).statusCode).toBe(400);

    const notice = await smtp.waitForMail('old@example.test');
    const undo = await t.app.inject(
      `/api/email_change_undo.php?token=${encodeURIComponent(tokenIn(notice.text, '/api/email_change_undo.php'))}`,
    );
    expect(undo.statusCode).toBe(302);
    const landing = new URL(String(undo.headers.location), 'http://localhost');
    expect(landing.pathname).toBe('/reset-password/do');
    expect(landing.searchParams.get('reason')).toBe('email-change-incorrect');
    const restored = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(restored?.email).toBe('old@example.test');
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).statusCode,
    ).toBe(403);

    // Whoever made the change may know the password: the page the member lands on replaces it.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset_confirm.php',
      headers: browserHeaders(),
      payload: { token: landing.searchParams.get('token'), password: 'only I know this one' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().email).toBe('old@example.test');
    await expect(logIn(t.app, 'old@example.test')).rejects.toThrow(/401/);
    await expect(logIn(t.app, 'old@example.test', 'only I know this one')).resolves.toBeTruthy();
  });

  it('sends an expired link to the error outcome, from either mailbox', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'late@example.test' });
    const session = await logIn(t.app, 'late@example.test');
    const expireLinks = () =>
      t.database.db
        .updateTable('account_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('member_id', '=', id)
        .execute();

    await request(session, { email: 'later@example.test', password: TEST_PASSWORD });
    const confirmToken = tokenIn((await smtp.waitForMail('later@example.test')).text, '/mail-change/do');
    await expireLinks();
    const tooLate = await confirm(confirmToken);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.fields.token).toBe('validation.link_invalid');
    const unchanged = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(unchanged?.email).toBe('late@example.test');

    await request(session, { email: 'later@example.test', password: TEST_PASSWORD });
    await confirm(tokenIn((await smtp.waitForMail('later@example.test')).text, '/mail-change/do'));
    const undoToken = tokenIn((await smtp.waitForMail('late@example.test')).text, '/api/email_change_undo.php');
    await expireLinks();
    const undo = await t.app.inject(`/api/email_change_undo.php?token=${encodeURIComponent(undoToken)}`);
    expect(undo.statusCode).toBe(302);
    expect(undo.headers.location).toBe('/activate/error');
    const kept = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(kept?.email).toBe('later@example.test');
  });

  it.each([
    [{ email: 'fresh@example.test', password: 'wrong' }, 'password', 'validation.password_wrong'],
    [{ email: 'nonsense', password: TEST_PASSWORD }, 'email', 'validation.email_invalid'],
    [{ email: 'someone@example.test', password: TEST_PASSWORD }, 'email', 'validation.email_taken'],
    [{ email: 'ME@example.test', password: TEST_PASSWORD }, 'email', 'validation.email_same'],
  ])('refuses %j with the field and its reason', async (body, field, reason) => {
    await insertMember(t.database.db, t.siteId, { email: `someone@example.test` }).catch(() => undefined);
    await insertMember(t.database.db, t.siteId, { email: 'me@example.test' }).catch(() => undefined);
    const session = await logIn(t.app, 'me@example.test');
    const response = await request(session, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(reason);
  });

  it('confirms an account that was waiting for activation, since the new address is proven', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'typo@exampel.test', status: 'not_confirmed' });
    const session = await logIn(t.app, 'typo@exampel.test');
    await request(session, { email: 'right@example.test', password: TEST_PASSWORD });
    await confirm(tokenIn((await smtp.waitForMail('right@example.test')).text, '/mail-change/do'));

    const row = await t.database.db.selectFrom('members').select('status').where('id', '=', id).executeTakeFirst();
    expect(row?.status).toBe('active');
  });

  it('needs a session and changes only the session member', async () => {
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/email_change.php',
      headers: browserHeaders(),
      payload: { email: 'x@example.test', password: TEST_PASSWORD },
    });
    expect(loggedOut.statusCode).toBe(403);
    expect((await confirm('forged-token')).json().error.fields.token).toBe('validation.link_invalid');
  });
});
