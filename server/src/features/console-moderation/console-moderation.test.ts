import {
  MODERATION_CLAIM_IDLE_MS,
  STAFF_RECONFIRM_MS,
  type ModerationItemDetail,
  type ModerationQueueResponse,
} from '@rendezvous/contract';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftEndedSuspensions, restrictMember } from '../../db/member-restrictions.js';
import { addToModerationQueue, type NewModerationItem } from '../../db/moderation-queue.js';
import type { MemberStatus } from '../../db/schema.js';
import { createLocalMediaStore, createMediaName } from '../../lib/media-store.js';
import { DAY_MS } from '../../lib/time.js';
import {
  browserHeaders,
  createTestApp,
  createTestAppWithMail,
  insertMember,
  logIn,
  sessionCookies,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const PATH = '/api/console/moderation';

describe.each(TEST_DIALECTS)('the moderation queue on %s', (dialect) => {
  let t: TestAppWithMail;
  let moderator: Record<string, string>;
  let moderatorId: number;
  let colleague: Record<string, string>;
  let colleagueId: number;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    moderatorId = await insertStaff(t.database.db, { role: 'supervisor', name: 'Mona' });
    moderator = await staffCookies(t.database.db, moderatorId);
    colleagueId = await insertStaff(t.database.db, { role: 'admin', name: 'Carl' });
    colleague = await staffCookies(t.database.db, colleagueId);
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const unique = () => Math.random().toString(36).slice(2);

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookies: Record<string, string>, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: browserHeaders(cookies),
      ...(payload ? { payload } : {}),
    });
  }

  /** A member with a known address, so a test reads the mails they get. */
  async function member(overrides: { language?: string; name?: string; status?: MemberStatus; siteId?: number } = {}) {
    const email = `m-${unique()}@example.test`;
    const id = await insertMember(db(), overrides.siteId ?? t.siteId, {
      email,
      name: overrides.name ?? 'Member',
      language: overrides.language ?? 'en',
      status: overrides.status ?? 'active',
      activated_at: Date.now(),
    });
    return { id, email };
  }

  async function conversationBetween(a: number, b: number, bodies: string[]) {
    const now = Date.now();
    const [low, high] = a < b ? [a, b] : [b, a];
    const { id } = await db()
      .insertInto('conversations')
      .values({ site_id: t.siteId, member_low: low, member_high: high, created_at: now, last_message_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('conversation_members')
      .values([
        { conversation_id: id, member_id: a, other_id: b, updated_at: now },
        { conversation_id: id, member_id: b, other_id: a, updated_at: now },
      ])
      .execute();
    for (const [index, body] of bodies.entries()) {
      await db()
        .insertInto('messages')
        .values({ conversation_id: id, sender_id: index % 2 === 0 ? b : a, body, created_at: now + index })
        .execute();
    }
    return id;
  }

  /** An item straight in the queue, as the report and complaint routes file them. */
  async function item(overrides: Partial<NewModerationItem> = {}) {
    const reference = await addToModerationQueue(db(), {
      source: 'notice',
      site_id: t.siteId,
      subject: 'profile',
      category: 'fraud',
      explanation: 'Asks everyone for money for a plane ticket.',
      ...overrides,
    });
    const row = await db()
      .selectFrom('moderation_items')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A member reported from a chat by another member, through the members' own report call. */
  async function reported(options: { language?: string; reporterLanguage?: string } = {}) {
    const target = await member({ language: options.language ?? 'en', name: 'Reported' });
    const reporter = await member({ language: options.reporterLanguage ?? 'en', name: 'Reporter' });
    const conversation = await conversationBetween(reporter.id, target.id, ['Hi there', 'Send me 500 euro', 'No']);
    const response = await call('POST', '/api/report.php', await sessionCookies(db(), reporter.id), {
      profile: target.id,
      conversation,
      reason: 'scam',
    });
    expect(response.statusCode).toBe(200);
    const row = await db()
      .selectFrom('moderation_items')
      .select('id')
      .where('reported_member_id', '=', target.id)
      .executeTakeFirstOrThrow();
    return { target, reporter, conversation, itemId: row.id };
  }

  /** One photo of the member on disk, as the upload stores it; answers its file name. */
  async function photoOf(memberId: number) {
    const store = createLocalMediaStore(path.join(t.database.dataDir, 'media'));
    const filename = createMediaName('jpg');
    await store.put(filename, Buffer.from('full jpeg'), 'image/jpeg');
    await db()
      .insertInto('member_images')
      .values({ member_id: memberId, filename, thumb_filename: filename, position: 0, created_at: Date.now() })
      .execute();
    return filename;
  }

  const claim = (itemId: number, cookies = moderator) => call('POST', `${PATH}/items/${itemId}/claim`, cookies);
  const decide = (itemId: number, body: object, cookies = moderator) =>
    call('POST', `${PATH}/items/${itemId}/decide`, cookies, body);
  const decideAccount = (itemId: number, body: object, cookies = moderator) =>
    call('POST', `${PATH}/items/${itemId}/decide-account`, cookies, body);
  const statusOf = async (memberId: number) =>
    await db()
      .selectFrom('members')
      .select(['status', 'listed', 'suspended_until'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();

  it('lists open items with minors and trafficking first, then oldest first, filtered by site and kind', async () => {
    const now = Date.now();
    const old = await item({ category: 'spam' });
    const trafficking = await item({ category: 'trafficking' });
    const minor = await item({ category: 'minor', source: 'report' });
    const boxy = await item({ site_id: t.boxySiteId, category: 'harassment' });
    await db()
      .updateTable('moderation_items')
      .set({ created_at: now - 3 * DAY_MS })
      .where('id', '=', old)
      .execute();
    await db()
      .updateTable('moderation_items')
      .set({ created_at: now - DAY_MS })
      .where('id', '=', trafficking)
      .execute();

    const all = (await call('GET', `${PATH}/items`, moderator)).json<ModerationQueueResponse>();
    const ids = all.items.map((entry) => entry.id);
    expect(ids.indexOf(trafficking)).toBeLessThan(ids.indexOf(minor));
    expect(ids.indexOf(minor)).toBeLessThan(ids.indexOf(old));
    expect(ids.indexOf(old)).toBeLessThan(ids.indexOf(boxy));
    expect(all.items.find((entry) => entry.id === minor)).toMatchObject({ priority: true, kind: 'report' });
    expect(all.items.find((entry) => entry.id === old)).toMatchObject({ priority: false });

    const boxyOnly = (
      await call('GET', `${PATH}/items?site_id=${t.boxySiteId}`, moderator)
    ).json<ModerationQueueResponse>();
    expect(boxyOnly.items.map((entry) => entry.id)).toEqual([boxy]);
    const reports = (await call('GET', `${PATH}/items?kind=report`, moderator)).json<ModerationQueueResponse>();
    expect(reports.items.every((entry) => entry.kind === 'report')).toBe(true);
    expect(reports.items.map((entry) => entry.id)).toContain(minor);
  });

  it('opens an item with the member, their photos, the conversation, history and spend beside it', async () => {
    const { target, itemId } = await reported();
    await db()
      .insertInto('member_images')
      .values({
        member_id: target.id,
        filename: 'a.jpg',
        thumb_filename: 'a-t.jpg',
        position: 0,
        created_at: Date.now(),
      })
      .execute();
    await db()
      .insertInto('credit_ledger')
      .values([
        { member_id: target.id, delta: 100, reason: 'purchase', reference: null, business_key: null, created_at: 1 },
        { member_id: target.id, delta: -30, reason: 'message', reference: null, business_key: null, created_at: 2 },
        { member_id: target.id, delta: -15, reason: 'message', reference: null, business_key: null, created_at: 3 },
      ])
      .execute();
    const earlier = await item({ reported_member_id: target.id, category: 'spam' });

    const response = await call('GET', `${PATH}/items/${itemId}`, moderator);
    expect(response.statusCode).toBe(200);
    const detail = response.json<ModerationItemDetail>();
    expect(detail.item).toMatchObject({ kind: 'report', category: 'fraud', status: 'open' });
    expect(detail.member).toMatchObject({ id: target.id, name: 'Reported', credits_spent: 45, status: 'active' });
    expect(detail.member?.photos.map((photo) => photo.filename)).toEqual(['a.jpg']);
    expect(detail.messages.map((message) => message.body)).toEqual(['Hi there', 'Send me 500 euro', 'No']);
    expect(detail.history.map((entry) => entry.id)).toEqual([earlier]);
  });

  it('lets one of two moderators claim an item at once, and decides only for its holder', async () => {
    const itemId = await item();
    const [first, second] = await Promise.all([claim(itemId, moderator), claim(itemId, colleague)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('claimed_by_other');
    const holderCookies = first.statusCode === 200 ? moderator : colleague;
    const otherCookies = holderCookies === moderator ? colleague : moderator;

    const refused = await decide(itemId, { action: 'dismiss', reason: 'no_violation' }, otherCookies);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('claimed_by_other');

    expect((await call('DELETE', `${PATH}/items/${itemId}/claim`, holderCookies)).statusCode).toBe(200);
    expect((await claim(itemId, otherCookies)).statusCode).toBe(200);
  });

  it('needs a claim to decide, and lets a lapsed claim be taken', async () => {
    const itemId = await item();
    const unclaimed = await decide(itemId, { action: 'dismiss', reason: 'no_violation' });
    expect(unclaimed.json().error.code).toBe('claim_required');

    await claim(itemId, colleague);
    await db()
      .updateTable('moderation_claims')
      .set({ claimed_at: Date.now() - MODERATION_CLAIM_IDLE_MS - 1000 })
      .where('item_id', '=', itemId)
      .execute();
    expect((await claim(itemId)).statusCode).toBe(200);
  });

  it('bans a reported member: their sessions end, photos go, the chat list drops them, and both are told', async () => {
    const { target, reporter, itemId } = await reported({ language: 'nl', reporterLanguage: 'de' });
    const photo = await photoOf(target.id);
    expect((await t.app.inject({ url: `/media/${photo}` })).statusCode).toBe(200);
    const cookies = { rv_session: await logIn(t.app, target.email) };
    expect((await call('GET', '/api/user.php', cookies)).statusCode).toBe(200);
    expect((await call('GET', '/api/chats.php', await sessionCookies(db(), reporter.id))).json().chats).toHaveLength(1);

    await claim(itemId);
    const response = await decideAccount(itemId, {
      action: 'ban',
      reason: 'fraud',
      note: 'Asked three members for money',
    });
    expect(response.statusCode).toBe(200);
    const { decision } = response.json();
    expect(decision).toMatchObject({ action: 'ban', reason: 'fraud', staff: { id: moderatorId, name: 'Mona' } });

    expect((await statusOf(target.id)).status).toBe('banned');
    expect((await call('GET', '/api/user.php', cookies)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/media/${photo}` })).statusCode).toBe(404);
    expect((await call('GET', '/api/chats.php', await sessionCookies(db(), reporter.id))).json().chats).toHaveLength(0);
    const stored = await db()
      .selectFrom('moderation_items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'decided', decision_id: decision.id });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'moderation.decide')
      .where('target_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(audit.staff_id).toBe(moderatorId);
    expect(JSON.parse(audit.detail!)).toMatchObject({ action: 'ban', reason: 'fraud', member: target.id });

    // Logging in again is refused, and the address cannot sign up anew.
    const login = await call('POST', '/api/login.php', {}, { email: target.email, password: TEST_PASSWORD });
    expect(login.json().error.code).toBe('invalid_credentials');
    const check = await t.app.inject({ url: `/api/validate_email.php?email=${encodeURIComponent(target.email)}` });
    expect(check.json().status).toBe('invalid');
    const signup = await call(
      'POST',
      '/api/user.php?new=1',
      {},
      {
        email: target.email.toUpperCase(),
        name: 'Again',
        password: 'a long enough password',
        timezone: 'Europe/Amsterdam',
        language: 'nl',
        form_path: '/signup',
      },
    );
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error.fields.email).toBe('validation.email_not_allowed');

    const statement = await t.smtp.waitForMail(target.email);
    expect(statement.subject).toContain(decision.reference);
    expect(statement.subject).toContain('Een besluit over je');
    expect(statement.text).toContain('je account is definitief gesloten');
    expect(statement.text).toContain('oplichting of andere leden om geld vragen');
    expect(statement.text).toContain('een melding van een ander lid');
    expect(statement.text).toContain(`/complaints?kind=appeal&decision=${decision.reference}`);

    const outcome = await t.smtp.waitForMail(reporter.email);
    expect(outcome.subject).toContain('unsere Entscheidung');
    expect(outcome.text).toContain('das Konto wurde dauerhaft geschlossen');
  });

  it('refuses a decision that does not fit the item, and leaves it open', async () => {
    const nobody = await item();
    await claim(nobody);
    const ban = await decideAccount(nobody, { action: 'ban', reason: 'fraud' });
    expect(ban.statusCode).toBe(400);
    expect(ban.json().error.fields).toEqual({ action: 'validation.choice_invalid' });
    const reverse = await decideAccount(nobody, { action: 'reverse', reason: 'no_violation' });
    expect(reverse.statusCode).toBe(400);
    const stored = await db()
      .selectFrom('moderation_items')
      .select('status')
      .where('id', '=', nobody)
      .executeTakeFirst();
    expect(stored?.status).toBe('open');
    expect((await decide(nobody, { action: 'dismiss', reason: 'no_violation' })).statusCode).toBe(200);
  });

  it('refuses a second decision on a decided item', async () => {
    const itemId = await item();
    await claim(itemId);
    expect((await decide(itemId, { action: 'dismiss', reason: 'no_violation' })).statusCode).toBe(200);
    const again = await decide(itemId, { action: 'warn', reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('item_decided');
  });

  it('asks for the two-factor code again before a ban when the last one is old', async () => {
    const stale = await staffCookies(db(), moderatorId, Date.now() - STAFF_RECONFIRM_MS - 1000);
    const { itemId, target } = await reported();
    await claim(itemId, stale);
    expect((await decide(itemId, { action: 'hide', reason: 'fake' }, stale)).statusCode).not.toBe(403);
    const other = await item({ reported_member_id: target.id });
    await claim(other, stale);
    const ban = await decideAccount(other, { action: 'ban', reason: 'fake' }, stale);
    expect(ban.json().error.code).toBe('reconfirm_required');
  });

  it('hides a member from search lists and warns another, each with its statement of reasons', async () => {
    const hidden = await reported();
    await claim(hidden.itemId);
    expect((await decide(hidden.itemId, { action: 'hide', reason: 'fake' })).statusCode).toBe(200);
    expect(await statusOf(hidden.target.id)).toMatchObject({ status: 'active', listed: 0 });
    expect((await t.smtp.waitForMail(hidden.target.email)).text).toContain(
      'your profile no longer appears in search results',
    );

    const warned = await reported({ language: 'pl' });
    await claim(warned.itemId);
    expect((await decide(warned.itemId, { action: 'warn', reason: 'harassment' })).statusCode).toBe(200);
    expect(await statusOf(warned.target.id)).toMatchObject({ status: 'active', listed: 1 });
    const mail = await t.smtp.waitForMail(warned.target.email);
    expect(mail.text).toContain('ostrzeżenie');
    expect(mail.text).toContain('nękanie, groźby lub nienawiść');
  });

  it('dismisses without telling the member, and tells the reporter', async () => {
    const { target, reporter, itemId } = await reported();
    await claim(itemId);
    expect((await decide(itemId, { action: 'dismiss', reason: 'no_violation' })).statusCode).toBe(200);
    expect((await t.smtp.waitForMail(reporter.email)).text).toContain('we found no breach of our terms');
    expect(await statusOf(target.id)).toMatchObject({ status: 'active', listed: 1 });
    expect(t.smtp.messages.some((mail) => mail.to && JSON.stringify(mail.to).includes(target.email))).toBe(false);
  });

  it('suspends for some days, then the suspension ends on time', async () => {
    const { target, itemId } = await reported();
    await claim(itemId);
    const response = await decideAccount(itemId, { action: 'suspend', reason: 'spam', days: 7 });
    expect(response.statusCode).toBe(200);
    const { suspended_until } = await statusOf(target.id);
    expect((await statusOf(target.id)).status).toBe('suspended');
    expect(suspended_until! - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect((await t.smtp.waitForMail(target.email)).text).toMatch(/your account is suspended for 7 days, until/);

    expect(await liftEndedSuspensions(db(), suspended_until! - 1)).toBe(0);
    expect((await statusOf(target.id)).status).toBe('suspended');
    expect(await liftEndedSuspensions(db(), suspended_until!)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(target.id)).toMatchObject({ status: 'active', suspended_until: null });
    expect(await logIn(t.app, target.email)).toEqual(expect.any(String));
  });

  it('takes an appeal into the queue, and only someone else may decide it', async () => {
    const { target, itemId } = await reported();
    await claim(itemId);
    const { decision } = (await decideAccount(itemId, { action: 'ban', reason: 'fraud' })).json();
    await t.smtp.waitForMail(target.email);

    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      headers: browserHeaders(),
      payload: {
        kind: 'appeal',
        decision: decision.reference,
        email: target.email,
        explanation: 'I never asked anyone for money; that was my sister joking.',
      },
    });
    expect(filed.statusCode).toBe(200);
    const appeal = await db()
      .selectFrom('moderation_items')
      .selectAll()
      .where('reference', '=', filed.json().reference)
      .executeTakeFirstOrThrow();
    expect(appeal).toMatchObject({
      source: 'appeal',
      appealed_decision_id: decision.id,
      reported_member_id: target.id,
    });
    await t.smtp.waitForMail(target.email);

    const detail = (await call('GET', `${PATH}/items/${appeal.id}`, colleague)).json<ModerationItemDetail>();
    expect(detail.appealed).toMatchObject({ reference: decision.reference, action: 'ban' });

    await claim(appeal.id, moderator);
    const own = await decideAccount(appeal.id, { action: 'reverse', reason: 'no_violation' }, moderator);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('own_decision');
    expect((await statusOf(target.id)).status).toBe('banned');

    await call('DELETE', `${PATH}/items/${appeal.id}/claim`, moderator);
    await claim(appeal.id, colleague);
    expect((await decideAccount(appeal.id, { action: 'reverse', reason: 'no_violation' }, colleague)).statusCode).toBe(
      200,
    );
    expect((await statusOf(target.id)).status).toBe('active');
    const original = await db()
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('id', '=', decision.id)
      .executeTakeFirstOrThrow();
    expect(original.lifted_at).toEqual(expect.any(Number));
    expect((await t.smtp.waitForMail(target.email)).text).toContain('the decision you objected to has been lifted');
  });

  it('lets an admin unban, and audits it', async () => {
    const { target, itemId } = await reported();
    await claim(itemId);
    await decideAccount(itemId, { action: 'ban', reason: 'spam' });
    const response = await call('POST', `${PATH}/members/${target.id}/unban`, colleague);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'active' });
    expect((await statusOf(target.id)).status).toBe('active');
    expect(await logIn(t.app, target.email)).toEqual(expect.any(String));
    const again = await call('POST', `${PATH}/members/${target.id}/unban`, colleague);
    expect(again.statusCode).toBe(404);
    const audit = await db()
      .selectFrom('audit_log')
      .select('staff_id')
      .where('action', '=', 'moderation.lift')
      .where('target_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(audit.staff_id).toBe(colleagueId);
  });
});

describe.each(TEST_DIALECTS)('the next page of a banned or suspended member on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: {
        loadEntry: async () => ({ handleRequest: async (request) => new Response(new URL(request.url).pathname) }),
        middlewares: (_request, _response, next) => next(),
      },
    });
  });
  afterAll(async () => t.close());

  it.each([
    ['banned', null],
    ['suspended', Date.now() + DAY_MS],
  ] as const)('shows the ban page once to a %s member, whose session has ended', async (_status, until) => {
    const memberId = await insertMember(t.database.db, t.siteId);
    const cookies = await sessionCookies(t.database.db, memberId);
    const page = () => t.app.inject({ url: '/members', headers: { ...browserHeaders(cookies), accept: 'text/html' } });
    expect((await page()).body).toBe('/members');

    await restrictMember(t.database.db, memberId, until, Date.now());

    expect((await t.app.inject({ url: '/api/user.php', headers: browserHeaders(cookies) })).statusCode).toBe(403);
    const next = await page();
    expect(next.statusCode).toBe(303);
    expect(next.headers.location).toBe('/pages/ban');
    expect(String(next.headers['set-cookie'])).toMatch(/rv_session=;/);
    // Told once: the session is gone for good, so the cookie opens nothing any more.
    expect((await page()).body).toBe('/members');
  });
});
