import { CONSOLE_MEMBERS_PATH, type MemberAdminDetail, type MemberExportResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  sessionCookies,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)("a member's account, acted on by staff on %s", (dialect) => {
  let t: TestAppWithMail;
  let supervisor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    supervisor = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'supervisor' }));
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const unique = () => Math.random().toString(36).slice(2);
  const call = (memberId: number, action: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${CONSOLE_MEMBERS_PATH}/${memberId}/${action}`,
      headers: browserHeaders(supervisor),
      payload,
    });
  const audited = async (memberId: number) =>
    (await db().selectFrom('audit_log').select('action').where('target_id', '=', memberId).orderBy('id').execute()).map(
      (row) => row.action,
    );

  async function member(overrides: Parameters<typeof insertMember>[2] = {}) {
    const email = `m-${unique()}@example.test`;
    const id = await insertMember(db(), t.siteId, { email, language: 'en', status: 'active', ...overrides });
    return { id, email };
  }

  it('sends the normal password reset mail with its link, never to an account that cannot log in', async () => {
    const { id, email } = await member();
    const response = await call(id, 'password-reset');
    expect(response.statusCode, response.body).toBe(200);
    const mail = await t.smtp.waitForMail(email);
    expect(mail.text).toMatch(/\/reset-password\/do\?token=/);
    expect(await audited(id)).toEqual(['member.password_reset']);

    const banned = await member({ status: 'banned' });
    expect((await call(banned.id, 'password-reset')).json().error.code).toBe('member_unavailable');
  });

  it('sends the activation mail again, only to an account waiting for it', async () => {
    const waiting = await member({ status: 'not_confirmed' });
    expect((await call(waiting.id, 'activation')).statusCode).toBe(200);
    expect((await t.smtp.waitForMail(waiting.email)).text).toMatch(/\/api\/activate\.php\?token=/);
    const active = await member();
    expect((await call(active.id, 'activation')).json().error.code).toBe('member_unavailable');
  });

  it('mails the confirmation of an e-mail change to the new address; a taken one is refused', async () => {
    const { id, email } = await member();
    const taken = await member();
    const refused = await call(id, 'email-change', { email: taken.email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.email).toBe('validation.email_taken');

    const fresh = `new-${unique()}@example.test`;
    expect((await call(id, 'email-change', { email: fresh })).statusCode).toBe(200);
    expect((await t.smtp.waitForMail(fresh)).text).toMatch(/\/mail-change\/do\?token=/);
    // Nothing changes until the member follows the link.
    const row = await db().selectFrom('members').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(await audited(id)).toEqual(['member.email_change']);
  });

  it('turns off the two-factor login of a member who lost phone and recovery codes, and tells them', async () => {
    const { id, email } = await member();
    const now = Date.now();
    await db()
      .insertInto('member_two_factor')
      .values({ member_id: id, secret: 'sealed', enabled_at: now, last_step: null, created_at: now })
      .execute();
    await db()
      .insertInto('member_recovery_codes')
      .values({ member_id: id, code_hash: 'hash', used_at: null })
      .execute();
    const detail = (on: boolean) =>
      t.app
        .inject({ url: `${CONSOLE_MEMBERS_PATH}/${id}`, headers: browserHeaders(supervisor) })
        .then((response) => expect(response.json<MemberAdminDetail>().account.two_factor).toBe(on));
    await detail(true);

    const response = await call(id, 'two-factor-reset');
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.smtp.waitForMail(email)).subject).toBe('Two-factor login for your Site localhost account is off');
    expect(
      await db().selectFrom('member_two_factor').select('member_id').where('member_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('member_recovery_codes').select('member_id').where('member_id', '=', id).execute(),
    ).toEqual([]);
    await detail(false);
    expect(await audited(id)).toEqual(['member.two_factor_reset']);

    // Nothing to turn off, or an account that cannot log in: refused, and nothing audited.
    expect((await call(id, 'two-factor-reset')).json().error.code).toBe('member_unavailable');
    const banned = await member({ status: 'banned' });
    expect((await call(banned.id, 'two-factor-reset')).json().error.code).toBe('member_unavailable');
    expect(await audited(id)).toEqual(['member.two_factor_reset']);
  });

  it("exports the member's data without secrets", async () => {
    const { id, email } = await member({ name: 'Exported Eva' });
    const response = await call(id, 'export');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<MemberExportResponse>();
    expect(data.account).toMatchObject({ id, email, name: 'Exported Eva' });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|argon2/);
    expect(await audited(id)).toEqual(['member.export']);
  });

  it('deletes the account as the member could: the goodbye mail, the data gone, every session ended', async () => {
    const { id, email } = await member();
    const cookies = await sessionCookies(db(), id);
    const response = await call(id, 'delete');
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.smtp.waitForMail(email)).subject).toBeTruthy();
    const row = await db()
      .selectFrom('members')
      .select(['status', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deleted', email: '' });
    expect((await t.app.inject({ url: '/api/user.php', headers: browserHeaders(cookies) })).statusCode).toBe(403);
    expect(await audited(id)).toEqual(['member.delete']);
    expect((await call(id, 'delete')).json().error.code).toBe('member_unavailable');
  });
});
