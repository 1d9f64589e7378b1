import fs from 'node:fs';
import path from 'node:path';
import {
  DATA_EXPORT_DOWNLOAD_PATH,
  DATA_EXPORT_PATH,
  DATA_EXPORT_TTL_MS,
  dataExportDownloadUrl,
  type DataExportResponse,
} from '@rendezvous/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestAppWithMail, memberWithSession, type TestAppWithMail } from '../../test/fixtures.js';
import { memberWithFootprint } from '../../test/member-footprint.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('data export on %s', (dialect) => {
  let t: TestAppWithMail;
  let counter = 0;
  const unique = () => `${Date.now()}-${++counter}`;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const mediaDir = () => path.join(t.config.dataDir, 'media');
  const ask = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: DATA_EXPORT_PATH, headers: browserHeaders(cookies), payload: {} });
  const status = (cookies: Record<string, string>) =>
    t.app.inject({ url: DATA_EXPORT_PATH, headers: browserHeaders(cookies) });
  const download = (cookies: Record<string, string>, id: string) =>
    t.app.inject({ url: dataExportDownloadUrl(id), headers: browserHeaders(cookies) });

  it('prepares everything in the background, mails the link in the member’s language and downloads a zip', async () => {
    const email = `export-${unique()}@example.test`;
    const member = await memberWithFootprint(db(), t.siteId, t.config.dataDir, {
      email,
      name: 'Exporting Emma',
      language: 'nl',
    });

    const asked = await ask(member.cookies);
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = asked.json<DataExportResponse>().export;
    expect(pending).toMatchObject({ state: 'pending', ready_at: null, expires_at: null });

    await t.app.dataExports.settled();
    const ready = (await status(member.cookies)).json<DataExportResponse>().export;
    expect(ready).toMatchObject({ id: pending?.id, state: 'ready' });
    expect(ready!.expires_at! - ready!.ready_at!).toBe(DATA_EXPORT_TTL_MS);

    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toMatch(/gegevens/);
    expect(mail.text).toContain(`/profile?data_export=${pending!.id}`);
    expect(mail.text).toMatch(/7 dagen/);

    const response = await download(member.cookies, pending!.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown> & unknown[];
    expect(json('account.json')).toMatchObject({ id: member.id, email, name: 'Exporting Emma' });
    expect(JSON.stringify(json('account.json'))).not.toMatch(/password|argon2/);
    const bodies = (json('messages.json') as { body: string; sent_by_me: boolean }[]).map((m) => [
      m.body,
      m.sent_by_me,
    ]);
    expect(bodies).toEqual([
      [member.sentBody, true],
      [member.receivedBody, false],
    ]);
    expect(json('likes_given.json')).toHaveLength(1);
    expect(json('likes_received.json')).toHaveLength(1);
    expect(json('credits.json')).toHaveLength(2);
    expect(json('orders.json')).toMatchObject([{ gross: 995, state: 'paid' }]);
    expect(json('sessions.json')).toHaveLength(1);
    expect(JSON.stringify(json('sessions.json'))).not.toMatch(/"id"/);
    expect(json('consents.json')).toMatchObject({ push_notifications: [{ service: 'push.example' }] });
    // The photos as stored (the main size; thumbnails are copies of them).
    const mains = member.photos.filter((photo) => photo.name.endsWith('.jpg'));
    for (const photo of mains) expect(Buffer.from(files[`photos/${photo.name}`]!)).toEqual(photo.bytes);
  });

  it('answers the export being prepared when asked again, instead of starting a second one', async () => {
    const member = await memberWithSession(db(), t.siteId);
    // Held in preparation by a live node: the build this node starts would otherwise race the second ask.
    const id = `held${unique()}`;
    await db()
      .insertInto('data_exports')
      .values({ id, member_id: member.id, state: 'building', requested_at: Date.now(), claimed_at: Date.now() })
      .execute();

    const again = await t.app.inject({ method: 'POST', url: DATA_EXPORT_PATH, headers: member.headers, payload: {} });
    expect(again.json<DataExportResponse>().export).toMatchObject({ id, ready_at: null });
    await t.app.dataExports.settled();
    const rows = await db().selectFrom('data_exports').select('id').where('member_id', '=', member.id).execute();
    expect(rows).toEqual([{ id }]);
  });

  it('is no one else’s: another member neither sees nor downloads it', async () => {
    const owner = await memberWithSession(db(), t.siteId);
    const other = await memberWithSession(db(), t.siteId);
    const { id } = (
      await t.app.inject({ method: 'POST', url: DATA_EXPORT_PATH, headers: owner.headers, payload: {} })
    ).json<DataExportResponse>().export!;
    await t.app.dataExports.settled();

    const theirs = await t.app.inject({ url: dataExportDownloadUrl(id), headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: DATA_EXPORT_PATH, headers: other.headers })).json()).toEqual({ export: null });
    expect((await t.app.inject({ url: dataExportDownloadUrl(id), headers: owner.headers })).statusCode).toBe(200);
  });

  it('expires: after seven days the link is gone and so is the file', async () => {
    const member = await memberWithSession(db(), t.siteId);
    const { id } = (
      await t.app.inject({ method: 'POST', url: DATA_EXPORT_PATH, headers: member.headers, payload: {} })
    ).json<DataExportResponse>().export!;
    await t.app.dataExports.settled();
    const { file } = await db()
      .selectFrom('data_exports')
      .select('file')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(path.join(mediaDir(), file!))).toBe(true);

    await t.app.dataExports.run(Date.now() + DATA_EXPORT_TTL_MS + 1000);
    expect(fs.existsSync(path.join(mediaDir(), file!))).toBe(false);
    expect(await db().selectFrom('data_exports').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ url: dataExportDownloadUrl(id), headers: member.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: DATA_EXPORT_PATH, headers: member.headers })).json()).toEqual({ export: null });
  });

  it('takes over a build whose node died, and builds it once when two nodes run at once', async () => {
    const member = await memberWithSession(db(), t.siteId);
    const now = Date.now();
    await db()
      .insertInto('data_exports')
      .values({
        id: `stale${unique()}`,
        member_id: member.id,
        state: 'building',
        requested_at: now,
        claimed_at: now - 3_600_000,
      })
      .execute();
    await Promise.all([t.app.dataExports.run(), t.app.dataExports.run()]);
    const rows = await db()
      .selectFrom('data_exports')
      .select(['state', 'file'])
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ state: 'ready', file: expect.stringMatching(/\.zip$/) }]);
  });

  it('refuses visitors with 403 and a malformed download with 400', async () => {
    for (const [method, url] of [
      ['GET', DATA_EXPORT_PATH],
      ['POST', DATA_EXPORT_PATH],
      ['GET', dataExportDownloadUrl('abc')],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: browserHeaders(),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const member = await memberWithSession(db(), t.siteId);
    const bad = await t.app.inject({ url: DATA_EXPORT_DOWNLOAD_PATH, headers: member.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });
});
