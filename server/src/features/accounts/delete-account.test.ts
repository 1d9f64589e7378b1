import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '@rendezvous/contract';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  logIn,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

describe.each(TEST_DIALECTS)('account deletion on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  async function memberWithPhotos(email: string, sharedWith?: number) {
    const id = await insertMember(t.database.db, t.siteId, {
      email,
      name: 'Leaving',
      city: 'Utrecht',
      date_of_birth: '1955-05-05',
      personal: JSON.stringify({ about_me: 'private words' }),
    });
    const mediaDir = path.join(t.config.dataDir, 'media');
    fs.mkdirSync(mediaDir, { recursive: true });
    const own = `${'a'.repeat(31)}${id % 10}.jpg`;
    const shared = `${'b'.repeat(32)}.jpg`;
    for (const name of [own, shared]) fs.writeFileSync(path.join(mediaDir, name), 'jpeg');
    await t.database.db
      .insertInto('member_images')
      .values([
        { member_id: id, filename: own, thumb_filename: own, position: 0, created_at: Date.now() },
        { member_id: id, filename: shared, thumb_filename: shared, position: 1, created_at: Date.now() },
        ...(sharedWith
          ? [{ member_id: sharedWith, filename: shared, thumb_filename: shared, position: 0, created_at: Date.now() }]
          : []),
      ])
      .execute();
    return { id, own, shared, mediaDir };
  }

  const remove = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account_delete.php',
      headers: browserHeaders({ [SESSION_COOKIE]: token }),
      payload: { password },
    });

  const savedSearch = (memberId: number) => ({
    member_id: memberId,
    gender: 'male' as const,
    min_age: 50,
    max_age: 70,
    country: 'NL',
    countryregion: 0,
    updated_at: Date.now(),
  });
  const mailSent = (memberId: number, recipient: string) => ({
    member_id: memberId,
    kind: 'activation',
    recipient,
    accepted: 1,
    message_id: null,
    created_at: Date.now(),
  });

  it('wipes the personal data and photos, ends every session and says goodbye', async () => {
    const otherId = await insertMember(t.database.db, t.siteId, { email: 'stays@example.test' });
    const { id, own, shared, mediaDir } = await memberWithPhotos('leaving@example.test', otherId);
    await t.database.db
      .insertInto('member_searches')
      .values([savedSearch(id), savedSearch(otherId)])
      .execute();
    await t.database.db
      .insertInto('mail_deliveries')
      .values([
        mailSent(id, 'Leaving@example.test'),
        mailSent(id, 'old-address@example.test'),
        mailSent(otherId, 'stays@example.test'),
      ])
      .execute();
    const phone = await logIn(t.app, 'leaving@example.test');
    const laptop = await logIn(t.app, 'leaving@example.test');

    const response = await remove(laptop, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    const row = await t.database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'deleted',
      email: '',
      name: '',
      password_hash: null,
      city: null,
      date_of_birth: null,
      personal: '{}',
    });
    expect(row.email_normalized).not.toContain('leaving');
    expect(fs.existsSync(path.join(mediaDir, own))).toBe(false);
    // Another member still shows the shared file.
    expect(fs.existsSync(path.join(mediaDir, shared))).toBe(true);

    for (const token of [phone, laptop]) {
      expect(
        (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: token }) })).statusCode,
      ).toBe(403);
    }
    await expect(logIn(t.app, 'leaving@example.test')).rejects.toThrow(/401/);
    expect((await t.smtp.waitForMail('leaving@example.test')).subject).toBeTruthy();

    // Neither the address (the goodbye mail's included) nor the saved search outlives the account.
    const mails = await t.database.db.selectFrom('mail_deliveries').select(['member_id', 'recipient']).execute();
    expect(mails.filter((mail) => mail.member_id === id)).toEqual([]);
    expect(mails.map((mail) => mail.recipient.toLowerCase())).not.toContain('leaving@example.test');
    expect(mails.map((mail) => mail.recipient)).not.toContain('old-address@example.test');
    expect(mails).toContainEqual({ member_id: otherId, recipient: 'stays@example.test' });
    const searches = await t.database.db.selectFrom('member_searches').select('member_id').execute();
    expect(searches.map((search) => search.member_id)).toEqual([otherId]);

    const check = await t.app.inject('/api/validate_email.php?email=Leaving%40example.test');
    expect(check.json().status).toBe('deleted');
  });

  it('needs the right password and a session', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'careful@example.test' });
    const token = await logIn(t.app, 'careful@example.test');
    const wrong = await remove(token, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe('validation.password_wrong');
    expect((await remove(token, 'x'.repeat(PASSWORD_MAX + 1))).json().error.fields.password).toBe(
      'validation.too_long',
    );
    expect(
      (await t.app.inject({ url: '/api/user.php', headers: browserHeaders({ [SESSION_COOKIE]: token }) })).statusCode,
    ).toBe(200);

    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/account_delete.php',
      headers: browserHeaders(),
      payload: { password: TEST_PASSWORD },
    });
    expect(loggedOut.statusCode).toBe(403);
  });
});
