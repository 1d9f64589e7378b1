import {
  COMPLAINT_REFERENCE_PATTERN,
  REPORT_NOTE_MAX_LENGTH,
  type BlockedResponse,
  type LiveEvent,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import { createMemoryEventBus } from '../../realtime/event-bus.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { REPORTS_PER_HOUR } from './safety.routes.js';

describe.each(TEST_DIALECTS)('blocks and reports on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const events = createMemoryEventBus();

  beforeAll(async () => {
    t = await createTestApp(dialect, { events });
  });
  afterAll(async () => t.close());

  async function member(fields: Partial<NewMember> = {}) {
    const id = await insertMember(t.database.db, t.siteId, { name: `Member ${Math.random()}`, ...fields });
    const list: LiveEvent[] = [];
    events.subscribe(id, (event) => list.push(event));
    return { id, cookies: await sessionCookies(t.database.db, id), events: list };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Member, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: browserHeaders(who?.cookies),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const block = (who: Member | undefined, profile: unknown) => call('POST', '/api/block.php', who, { profile });
  const unblock = (who: Member | undefined, profile: unknown) => call('DELETE', '/api/block.php', who, { profile });
  const report = (who: Member | undefined, payload: unknown) => call('POST', '/api/report.php', who, payload);

  async function conversation(a: Member, b: Member) {
    const response = await t.app.inject({
      url: `/api/chat.php?profile=${b.id}`,
      headers: { ...browserHeaders(a.cookies), 'sec-fetch-site': 'same-origin' },
    });
    return response.json<{ id: number }>().id;
  }

  it('asks for a login', async () => {
    expect((await call('GET', '/api/block.php')).statusCode).toBe(403);
    expect((await block(undefined, 1)).statusCode).toBe(403);
    expect((await unblock(undefined, 1)).statusCode).toBe(403);
    expect((await report(undefined, { profile: 1, reason: 'spam' })).statusCode).toBe(403);
  });

  it('answers bad input with 400 and the field', async () => {
    const a = await member();
    const fieldsOf = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const done = await response;
      expect(done.statusCode).toBe(400);
      return (done.json() as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fieldsOf(block(a, 'x'))).toHaveProperty('profile');
    expect(await fieldsOf(block(a, a.id))).toHaveProperty('profile');
    expect(await fieldsOf(unblock(a, -1))).toHaveProperty('profile');
    expect(await fieldsOf(report(a, { profile: 2, reason: 'rude' }))).toHaveProperty('reason');
    expect(await fieldsOf(report(a, { profile: 2, reason: 'spam', conversation: 'one' }))).toHaveProperty(
      'conversation',
    );
    expect(
      await fieldsOf(report(a, { profile: 2, reason: 'spam', note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1) })),
    ).toHaveProperty('note');
  });

  it('blocks and unblocks, lists the blocked and tells both chat lists', async () => {
    const a = await member();
    const b = await member({ name: 'Blocked Bob' });
    const blocked = await block(a, b.id);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<BlockedResponse>()).toEqual({ blocked: [{ id: b.id, name: 'Blocked Bob' }] });
    expect(a.events).toEqual([{ type: 'chats' }]);
    expect(b.events).toEqual([{ type: 'chats' }]);

    // Blocking twice changes nothing and tells nobody again.
    expect((await block(a, b.id)).statusCode).toBe(200);
    expect(a.events).toHaveLength(1);
    expect((await call('GET', '/api/block.php', a)).json<BlockedResponse>().blocked).toHaveLength(1);
    expect((await call('GET', '/api/block.php', b)).json<BlockedResponse>().blocked).toHaveLength(0);

    const start = await t.app.inject({
      url: `/api/chat.php?profile=${a.id}`,
      headers: { ...browserHeaders(b.cookies), 'sec-fetch-site': 'same-origin' },
    });
    expect(start.json().error.code).toBe('blocked');

    expect((await unblock(a, b.id)).json<BlockedResponse>()).toEqual({ blocked: [] });
    expect(b.events).toHaveLength(2);
    expect(await conversation(b, a)).toBeGreaterThan(0);
  });

  it('refuses to block unknown members and other sites’ members', async () => {
    const a = await member();
    const elsewhere = await insertMember(t.database.db, t.boxySiteId);
    expect((await block(a, 999_999)).statusCode).toBe(404);
    expect((await block(a, elsewhere)).statusCode).toBe(404);
  });

  it('lets a member lift only their own block', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await block(a, b.id);
    expect((await unblock(c, b.id)).statusCode).toBe(200);
    expect((await unblock(b, a.id)).statusCode).toBe(200);
    expect((await call('GET', '/api/block.php', a)).json<BlockedResponse>().blocked.map((row) => row.id)).toEqual([
      b.id,
    ]);
  });

  it('stores a report, with the conversation only when it is the reporter’s with that member', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const ab = await conversation(a, b);
    const bc = await conversation(b, c);

    const response = await report(a, { profile: b.id, conversation: ab, reason: 'scam', note: '  asked for money  ' });
    expect(response.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('reporter_member_id', '=', a.id)
      .executeTakeFirstOrThrow();
    // In the one queue the operator reads, with a reference of its own and the reason as a category.
    expect(stored).toMatchObject({
      source: 'report',
      site_id: t.siteId,
      subject: 'message',
      reported_member_id: b.id,
      conversation_id: ab,
      category: 'fraud',
      explanation: 'asked for money',
      reporter_name: null,
      reporter_email: null,
      status: 'open',
    });
    expect(stored.reference).toMatch(COMPLAINT_REFERENCE_PATTERN);

    expect((await report(a, { profile: c.id, conversation: bc, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(a, { profile: b.id, conversation: bc, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(a, { profile: 999_999, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(a, { profile: c.id, reason: 'fake' })).statusCode).toBe(200);
    const all = await t.database.db
      .selectFrom('moderation_items')
      .select(['subject', 'category'])
      .where('reporter_member_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(all).toEqual([
      { subject: 'message', category: 'fraud' },
      { subject: 'profile', category: 'fake' },
    ]);
  });

  it('limits how many reports one member files', async () => {
    const [a, b] = [await member(), await member()];
    const statuses = [];
    for (let index = 0; index <= REPORTS_PER_HOUR; index++) {
      statuses.push((await report(a, { profile: b.id, reason: 'spam' })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, REPORTS_PER_HOUR).every((status) => status === 200)).toBe(true);
  });
});
