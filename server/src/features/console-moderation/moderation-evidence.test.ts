import {
  STAFF_RECONFIRM_MS,
  type ModerationEvidence,
  type ModerationItemDetail,
  type ModerationQueueResponse,
} from '@rendezvous/contract';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../ledger/credit-ledger.js';
import { createLocalMediaStore, createMediaName } from '../../lib/media-store.js';
import { assembleSettings } from '../../platform/sites/settings.js';
import {
  browserHeaders,
  createTestAppWithMail,
  insertSite,
  memberWithSession,
  testSiteConfig,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const PATH = '/api/console/moderation';
const STRICT_HOST = 'strict.test';

describe.each(TEST_DIALECTS)('rule-flagged messages and kept evidence on %s', (dialect) => {
  let t: TestAppWithMail;
  let moderator: Record<string, string>;
  let strictSiteId: number;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    // Before the first request: the app caches the sites table.
    strictSiteId = await insertSite(
      t.database.db,
      testSiteConfig(STRICT_HOST, {
        moderation: {
          flag_contact_details: false,
          flag_payment_requests: true,
          flag_words: ['escort'],
          reasons: ['spam'],
        },
      }),
    );
    moderator = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'supervisor' }));
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  type Member = Awaited<ReturnType<typeof memberWithSession>>;

  async function member(siteId = t.siteId): Promise<Member> {
    const created = await memberWithSession(db(), siteId, { name: 'Member', activated_at: Date.now() });
    await grant(db(), created.id, 500, 'purchase');
    return created;
  }
  const onSite = (who: Member, host?: string) => ({
    ...who.headers,
    'sec-fetch-site': 'same-origin',
    ...(host ? { host } : {}),
  });
  async function conversation(from: Member, to: Member, host?: string): Promise<number> {
    const response = await t.app.inject({ url: `/api/chat.php?profile=${to.id}`, headers: onSite(from, host) });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }
  async function send(from: Member, conversationId: number, body: string, host?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: onSite(from, host),
      payload: { conversation: conversationId, body },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ message: { id: number } }>().message.id;
  }
  const ruleItems = (memberId: number) =>
    db()
      .selectFrom('moderation_items')
      .selectAll()
      .where('reported_member_id', '=', memberId)
      .where('source', '=', 'rule')
      .execute();
  const console = (url: string, cookies = moderator) => t.app.inject({ url, headers: browserHeaders(cookies) });

  it('queues a member’s message that gives contact details, once per conversation, and still delivers it', async () => {
    const [writer, reader] = [await member(), await member()];
    const chat = await conversation(writer, reader);
    await send(writer, chat, 'Hello, how was your weekend?');
    expect(await ruleItems(writer.id)).toEqual([]);

    const flagged = await send(writer, chat, 'Add me on WhatsApp: +31 6 1234 5678');
    await send(writer, chat, 'Or mail me at writer@example.com');
    const items = await ruleItems(writer.id);
    expect(items).toEqual([
      expect.objectContaining({
        subject: 'message',
        category: 'other',
        flag_rule: 'contact_details',
        message_id: flagged,
        conversation_id: chat,
        explanation: '+31 6 1234 5678',
        status: 'open',
      }),
    ]);
    const delivered = await t.app.inject({ url: `/api/messages.php?conversation=${chat}`, headers: onSite(reader) });
    expect(delivered.json<{ messages: unknown[] }>().messages).toHaveLength(3);

    const queue = await console(`${PATH}/items?kind=rule`);
    expect(queue.json<ModerationQueueResponse>().items.map((item) => item.id)).toContain(items[0]!.id);
  });

  it('follows the site’s own setting: its listed words, and no contact-detail rule when it is off', async () => {
    const [writer, reader] = [await member(strictSiteId), await member(strictSiteId)];
    const chat = await conversation(writer, reader, STRICT_HOST);
    await send(writer, chat, 'My number is 0612345678', STRICT_HOST);
    expect(await ruleItems(writer.id)).toEqual([]);
    await send(writer, chat, 'I used to be an Escort, you know', STRICT_HOST);
    expect(await ruleItems(writer.id)).toEqual([
      expect.objectContaining({ flag_rule: 'listed_word', explanation: 'escort', site_id: strictSiteId }),
    ]);
  });

  it('offers only the grounds the site lists beside the required ones, and refuses any other', async () => {
    const [writer, reader] = [await member(strictSiteId), await member(strictSiteId)];
    const chat = await conversation(writer, reader, STRICT_HOST);
    await send(writer, chat, 'Ask the escort agency', STRICT_HOST);
    const [flagged] = await ruleItems(writer.id);
    const detail = (await console(`${PATH}/items/${flagged!.id}`)).json<ModerationItemDetail>();
    expect(detail.reasons).toEqual(['no_violation', 'minor', 'trafficking', 'illegal', 'spam']);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: browserHeaders(moderator), payload });
    expect((await post(`${PATH}/items/${flagged!.id}/claim`, {})).statusCode).toBe(200);
    const refused = await post(`${PATH}/items/${flagged!.id}/decide`, { action: 'warn', reason: 'fake' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      reason: 'validation.choice_invalid',
    });
    expect((await ruleItems(writer.id))[0]!.status).toBe('open');
    expect((await post(`${PATH}/items/${flagged!.id}/decide`, { action: 'warn', reason: 'spam' })).statusCode).toBe(
      200,
    );
  });

  it('never gives the words a site flags to a browser', () => {
    const config = testSiteConfig(STRICT_HOST, {
      moderation: { flag_contact_details: true, flag_payment_requests: true, flag_words: ['escort'] },
    });
    const settings = assembleSettings(
      { id: strictSiteId, domain: STRICT_HOST, isDefault: false, config, regionData: {} },
      { geoipCountry: null },
      { pushPublicKey: null, camsFeed: false },
    );
    expect(JSON.stringify(settings)).not.toContain('escort');
  });

  it('keeps the reported conversation as it was when the report was filed', async () => {
    const [reporter, reported] = [await member(), await member()];
    const chat = await conversation(reporter, reported);
    await send(reported, chat, 'Are you alone tonight?');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: onSite(reporter),
      payload: { profile: reported.id, conversation: chat, reason: 'abuse' },
    });
    expect(report.statusCode).toBe(200);
    await send(reported, chat, 'Why did you report me?');
    await db().updateTable('members').set({ name: 'Renamed' }).where('id', '=', reported.id).execute();

    const { id } = await db()
      .selectFrom('moderation_items')
      .select('id')
      .where('reported_member_id', '=', reported.id)
      .where('source', '=', 'report')
      .executeTakeFirstOrThrow();
    const detail = (await console(`${PATH}/items/${id}`)).json<ModerationItemDetail>();
    expect(detail.messages_kept).toBe(true);
    expect(detail.messages.map((message) => [message.sender.name, message.body])).toEqual([
      ['Member', 'Are you alone tonight?'],
    ]);
  });

  it('exports an item’s evidence with the photos as stored, asking for the code again, and audits it', async () => {
    const [writer, reader] = [await member(), await member()];
    const chat = await conversation(writer, reader);
    await send(writer, chat, 'Send me money for a Western Union transfer');
    const [flagged] = await ruleItems(writer.id);
    const photo = Buffer.from('the photo as uploaded');
    const filename = createMediaName('jpg');
    await createLocalMediaStore(path.join(t.database.dataDir, 'media')).put(filename, photo, 'image/jpeg');
    await db()
      .insertInto('member_images')
      .values({ member_id: writer.id, filename, thumb_filename: filename, position: 0, created_at: Date.now() })
      .execute();
    const url = `${PATH}/items/${flagged!.id}/evidence`;

    const staffId = await insertStaff(db(), { role: 'supervisor', name: 'Stale' });
    const stale = await console(url, await staffCookies(db(), staffId, Date.now() - STAFF_RECONFIRM_MS - 1000));
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('reconfirm_required');

    const response = await console(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="evidence-${flagged!.reference}.json"`);
    const evidence = response.json<ModerationEvidence>();
    expect(evidence.item).toEqual(expect.objectContaining({ kind: 'rule', flag_rule: 'payment_request' }));
    expect(evidence.messages.map((message) => message.body)).toEqual(['Send me money for a Western Union transfer']);
    expect(evidence.site.domain).toBe('localhost');
    expect(evidence.photo_files).toEqual([
      {
        filename,
        sha256: createHash('sha256').update(photo).digest('hex'),
        base64: photo.toString('base64'),
      },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'moderation.export')
      .execute();
    expect(audit).toEqual([{ action: 'moderation.export', target_id: flagged!.id }]);
  });

  it('says in the statement of reasons that an automatic check found the message', async () => {
    const [writer, reader] = [await member(), await member()];
    const chat = await conversation(writer, reader);
    await send(writer, chat, 'Pay me with an iTunes card please');
    const [flagged] = await ruleItems(writer.id);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `${PATH}/items/${flagged!.id}/claim`,
      headers: browserHeaders(moderator),
      payload: {},
    });
    expect(claimed.statusCode).toBe(200);
    const decided = await t.app.inject({
      method: 'POST',
      url: `${PATH}/items/${flagged!.id}/decide`,
      headers: browserHeaders(moderator),
      payload: { action: 'warn', reason: 'fraud' },
    });
    expect(decided.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(writer.email);
    expect(mail.text).toContain('an automatic check that found contact details, a request for money');
    expect(mail.text).toContain('The decision was taken by a person, not by an automated system.');
  });
});
