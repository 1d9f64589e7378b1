import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '@rendezvous/contract';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  logIn,
  sessionCookies,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

/** The token of the link in the mail that starts with `prefix` (its path and query up to the token). */
const tokenIn = (text: string | undefined, prefix: string) => {
  const match = new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}token=([\\w%-]+)`).exec(text ?? '');
  if (!match) throw new Error(`no ${prefix} link in the mail`);
  return decodeURIComponent(match[1]!);
};
const CONFIRM_LINK = '/mail-change/do?';
const UNDO_LINK = '/mail-change/do?undo=1&';

describe.each(TEST_DIALECTS)('e-mail change on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
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
  const undo = (token: string, headers: Record<string, string> = browserHeaders()) =>
    t.app.inject({ method: 'POST', url: '/api/email_change_undo.php', headers, payload: { token } });
  const emailOf = async (id: number) =>
    (await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it('confirms the new address by its link, tells the old one, and lets the old one undo it', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'old@example.test' });
    const session = await logIn(t.app, 'old@example.test');

    const asked = await request(session, { email: 'New@Example.test', password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ pending: 'New@Example.test' });
    const unchanged = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(unchanged?.email).toBe('old@example.test');

    const confirmMail = await t.smtp.waitForMail('new@example.test');
    const confirmed = await confirm(tokenIn(confirmMail.text, CONFIRM_LINK));
    expect(confirmed.json()).toEqual({ email: 'New@Example.test' });
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).json()
        .email,
    ).toBe('New@Example.test');
    expect((await confirm(tokenIn(confirmMail.text, CONFIRM_LINK))).statusCode).toBe(400);

    const notice = await t.smtp.waitForMail('old@example.test');
    const undoToken = tokenIn(notice.text, UNDO_LINK);
    // A scanner opening the link, or a link from a notice sent before the undo took a click: only the page opens.
    const opened = await t.app.inject(`/api/email_change_undo.php?token=${encodeURIComponent(undoToken)}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${UNDO_LINK}token=${encodeURIComponent(undoToken)}`);
    expect(await emailOf(id)).toBe('New@Example.test');

    // Another site cannot press the button for the member.
    const forged = await undo(undoToken, { cookie: browserHeaders().cookie });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_failed');
    expect(await emailOf(id)).toBe('New@Example.test');
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).statusCode,
    ).toBe(200);

    const undone = await undo(undoToken);
    expect(undone.statusCode).toBe(200);
    const resetToken = undone.json().reset_token as string;
    expect(await emailOf(id)).toBe('old@example.test');
    // The member finds the explanation at /notifications#email-change-incorrect.
    const notices = await t.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('member_id', '=', id)
      .execute();
    expect(notices).toEqual([{ kind: 'email_change_incorrect' }]);
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: session }) })).statusCode,
    ).toBe(403);
    const again = await undo(undoToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.token).toBe('validation.link_invalid');

    // Whoever made the change may know the password: the page the member lands on replaces it.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset_confirm.php',
      headers: browserHeaders(),
      payload: { token: resetToken, password: 'only I know this one' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().email).toBe('old@example.test');
    await expect(logIn(t.app, 'old@example.test')).rejects.toThrow(/401/);
    await expect(logIn(t.app, 'old@example.test', 'only I know this one')).resolves.toBeTruthy();
  });

  it('refuses an expired link from either mailbox and changes nothing', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'late@example.test' });
    const session = await logIn(t.app, 'late@example.test');
    const expireLinks = () =>
      t.database.db
        .updateTable('account_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('member_id', '=', id)
        .execute();

    await request(session, { email: 'later@example.test', password: TEST_PASSWORD });
    const confirmToken = tokenIn((await t.smtp.waitForMail('later@example.test')).text, CONFIRM_LINK);
    await expireLinks();
    const tooLate = await confirm(confirmToken);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.fields.token).toBe('validation.link_invalid');
    const unchanged = await t.database.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirst();
    expect(unchanged?.email).toBe('late@example.test');

    await request(session, { email: 'later@example.test', password: TEST_PASSWORD });
    await confirm(tokenIn((await t.smtp.waitForMail('later@example.test')).text, CONFIRM_LINK));
    const undoToken = tokenIn((await t.smtp.waitForMail('late@example.test')).text, UNDO_LINK);
    await expireLinks();
    const tooLateToUndo = await undo(undoToken);
    expect(tooLateToUndo.statusCode).toBe(400);
    expect(tooLateToUndo.json().error.fields.token).toBe('validation.link_invalid');
    expect(await emailOf(id)).toBe('later@example.test');
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

  it('says a password over the longest allowed is too long, not missing', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'long@example.test' });
    const response = await request(await logIn(t.app, 'long@example.test'), {
      email: 'new@example.test',
      password: 'x'.repeat(PASSWORD_MAX + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: 'validation.too_long' });
  });

  it('confirms an account that was waiting for activation, since the new address is proven', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'typo@exampel.test', status: 'not_confirmed' });
    const session = await logIn(t.app, 'typo@exampel.test');
    await request(session, { email: 'right@example.test', password: TEST_PASSWORD });
    await confirm(tokenIn((await t.smtp.waitForMail('right@example.test')).text, CONFIRM_LINK));

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

  it('sends at most five confirmations a day for one member, from whatever address they ask', async () => {
    const id = await insertMember(t.database.db, t.siteId, { email: 'restless@example.test' });
    const cookies = await sessionCookies(t.database.db, id);
    const ask = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/email_change.php',
        headers: browserHeaders(cookies),
        payload: { email: `target-${n}@example.test`, password: TEST_PASSWORD },
        remoteAddress: `192.0.2.${n + 1}`,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await ask(n)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mailed = await t.database.db
      .selectFrom('mail_deliveries')
      .select('recipient')
      .where('member_id', '=', id)
      .where('kind', '=', 'email_change_confirm')
      .execute();
    expect(mailed.map((row) => row.recipient).sort()).toEqual([0, 1, 2, 3, 4].map((n) => `target-${n}@example.test`));
  });
});
