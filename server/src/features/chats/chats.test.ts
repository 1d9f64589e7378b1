import crypto from 'node:crypto';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  type ChatsResponse,
  type LiveEvent,
  type MessagesResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import { grant } from '../../ledger/credit-ledger.js';
import { createMemoryEventBus } from '../../realtime/event-bus.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertSite,
  sessionCookies,
  testSiteConfig,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/** testSiteConfig's price of one message. */
const COST = 10;

describe.each(TEST_DIALECTS)('chats and messages on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const events = createMemoryEventBus();

  const FREE_HOST = 'free.test';
  let freeSiteId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { events });
    // Before the first request: the app caches the sites table.
    freeSiteId = await insertSite(t.database.db, testSiteConfig(FREE_HOST, { message_credits: 0 }));
  });
  afterAll(async () => t.close());

  /** A logged-in member with `credits` on the balance, whose live events are recorded. */
  async function member(fields: Partial<NewMember> = {}, credits = 0) {
    const id = await insertMember(t.database.db, fields.site_id ?? t.siteId, {
      name: 'Member',
      city: 'Utrecht',
      ...fields,
    });
    if (credits > 0) await grant(t.database.db, id, credits, 'purchase');
    const list: LiveEvent[] = [];
    events.subscribe(id, (event) => list.push(event));
    return { id, cookies: await sessionCookies(t.database.db, id), events: list };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const headers = (who?: Member) => ({ ...browserHeaders(who?.cookies), 'sec-fetch-site': 'same-origin' });
  const start = (who: Member | undefined, profile: number | string) =>
    t.app.inject({ url: `/api/chat.php?profile=${profile}`, headers: headers(who) });
  const list = (who?: Member) => t.app.inject({ url: '/api/chats.php', headers: headers(who) });
  const read = (who: Member | undefined, query: string) =>
    t.app.inject({ url: `/api/messages.php?${query}`, headers: headers(who) });
  const send = (who: Member | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/messages.php', headers: headers(who), payload: payload as object });
  const markRead = (who: Member | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/messages.php', headers: headers(who), payload: payload as object });
  const remove = (who: Member | undefined, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/chat.php', headers: headers(who), payload: payload as object });

  async function conversationOf(a: Member, b: Member): Promise<number> {
    const response = await start(a, b.id);
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }
  async function balanceOf(id: number) {
    const row = await t.database.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.credits;
  }
  const notificationsOf = (memberId: number) =>
    t.database.db.selectFrom('notifications').select('id').where('member_id', '=', memberId).execute();
  const storedMessages = (conversation: number) =>
    t.database.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversation)
      .orderBy('id')
      .execute();

  it('asks for a login on every call', async () => {
    expect((await list()).statusCode).toBe(403);
    expect((await start(undefined, 1)).statusCode).toBe(403);
    expect((await read(undefined, 'conversation=1')).statusCode).toBe(403);
    expect((await send(undefined, { conversation: 1, body: 'hi' })).statusCode).toBe(403);
    expect((await markRead(undefined, { conversation: 1, up_to: 1 })).statusCode).toBe(403);
    expect((await remove(undefined, { conversation: { id: 1 } })).statusCode).toBe(403);
  });

  it('answers bad input with 400 and the field', async () => {
    const a = await member();
    const fieldsOf = (response: { statusCode: number; json: () => unknown }) => {
      expect(response.statusCode).toBe(400);
      return (response.json() as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(fieldsOf(await start(a, 'abc'))).toHaveProperty('profile');
    expect(fieldsOf(await start(a, -3))).toHaveProperty('profile');
    expect(fieldsOf(await start(a, a.id))).toHaveProperty('profile');
    expect(fieldsOf(await read(a, 'conversation=x'))).toHaveProperty('conversation');
    expect(fieldsOf(await read(a, 'conversation=1&before=1.5'))).toHaveProperty('before');
    expect(fieldsOf(await send(a, { conversation: 1, body: '   ' }))).toHaveProperty('body');
    expect(fieldsOf(await send(a, { conversation: 1 }))).toHaveProperty('body');
    expect(fieldsOf(await send(a, { conversation: 1, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }))).toHaveProperty(
      'body',
    );
    expect(fieldsOf(await send(a, { conversation: '1', body: 'hi' }))).toHaveProperty('conversation');
    expect(fieldsOf(await markRead(a, { conversation: 1, up_to: 'all' }))).toHaveProperty('up_to');
    expect(fieldsOf(await remove(a, { conversation: {} }))).toHaveProperty('conversation.id');
  });

  it('starts one conversation per pair only from our own pages', async () => {
    const [a, b] = [await member(), await member()];
    const forged = await t.app.inject({ url: `/api/chat.php?profile=${b.id}`, headers: browserHeaders(a.cookies) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_failed');

    const id = await conversationOf(a, b);
    expect(await conversationOf(b, a)).toBe(id);
    expect(await conversationOf(a, b)).toBe(id);
    const conversation = await t.database.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([conversation.member_low, conversation.member_high]).toEqual([Math.min(a.id, b.id), Math.max(a.id, b.id)]);
    const sides = await t.database.db
      .selectFrom('conversation_members')
      .selectAll()
      .where('conversation_id', '=', id)
      .execute();
    expect(sides).toHaveLength(2);
  });

  it('refuses unknown, deleted, banned and other sites’ members with 404, blocked ones with 403', async () => {
    const a = await member();
    const deleted = await member({ status: 'deleted' });
    const banned = await member({ status: 'banned' });
    const elsewhere = await insertMember(t.database.db, t.boxySiteId);
    for (const id of [999_999, deleted.id, banned.id, elsewhere]) expect((await start(a, id)).statusCode).toBe(404);

    const blocker = await member();
    await t.database.db
      .insertInto('blocks')
      .values({ member_id: blocker.id, blocked_id: a.id, created_at: 1 })
      .execute();
    const response = await start(a, blocker.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('blocked');
  });

  it('sends a paid message, records the ledger and tells both sides', async () => {
    const a = await member({}, 25);
    const b = await member({ name: 'Bea' });
    const id = await conversationOf(a, b);

    const response = await send(a, { conversation: id, body: '  Hello <b>Bea</b>  ' });
    expect(response.statusCode).toBe(200);
    const { message, credits } = response.json();
    expect(credits).toBe(25 - COST);
    expect(message).toMatchObject({ conversation: id, from: a.id, body: 'Hello <b>Bea</b>' });
    expect(await balanceOf(a.id)).toBe(25 - COST);

    const [stored] = await storedMessages(id);
    expect(stored).toMatchObject({ id: message.id, body: 'Hello <b>Bea</b>', credits: COST, awaiting_operator: 0 });
    const ledger = await t.database.db.selectFrom('credit_ledger').selectAll().where('member_id', '=', a.id).execute();
    expect(ledger.map((row) => [row.delta, row.reason, row.reference])).toEqual([
      [25, 'purchase', null],
      [-COST, 'message', String(message.id)],
    ]);

    expect(a.events).toContainEqual({ type: 'message', message });
    expect(b.events).toContainEqual({ type: 'message', message });
    const notification = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('member_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ kind: 'message', actor_id: a.id, conversation_id: id });

    const chats = (await list(b)).json<ChatsResponse>().chats;
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({
      conversation: { id, last_message: message },
      profile: { id: a.id, available: true, fictional: false },
      num_unread_messages: 1,
    });
  });

  it('refuses a message it cannot pay for and stores nothing', async () => {
    const a = await member({}, COST - 1);
    const b = await member();
    const id = await conversationOf(a, b);
    const response = await send(a, { conversation: id, body: 'hi' });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('insufficient_credits');
    expect(await storedMessages(id)).toHaveLength(0);
    expect(await balanceOf(a.id)).toBe(COST - 1);
    expect(b.events).toHaveLength(0);
  });

  it('stores messages crossing in one conversation at once, both ways, without a deadlock', async () => {
    const a = await member({}, 100 * COST);
    const b = await member({}, 100 * COST);
    const id = await conversationOf(a, b);
    await send(b, { conversation: id, body: 'so both sides have a row' });
    // 19 each: with the first one, within what one member may send a minute.
    const responses = await Promise.all(
      Array.from({ length: 38 }, (_, index) =>
        send(index % 2 === 0 ? a : b, { conversation: id, body: `crossing ${index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const unread = await t.database.db
      .selectFrom('conversation_members')
      .select(['member_id', 'num_unread'])
      .where('conversation_id', '=', id)
      .orderBy('member_id')
      .execute();
    expect(unread).toEqual(
      [
        { member_id: a.id, num_unread: 20 },
        { member_id: b.id, num_unread: 19 },
      ].sort((x, y) => x.member_id - y.member_id),
    );
  });

  it('never overdraws when one member sends in parallel', async () => {
    const a = await member({}, 3 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(a, { conversation: id, body: `message ${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(17);
    expect(await storedMessages(id)).toHaveLength(3);
    expect(await balanceOf(a.id)).toBe(0);
    const spent = await t.database.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('member_id', '=', a.id)
      .where('reason', '=', 'message')
      .execute();
    expect(spent).toHaveLength(3);
    const unread = await t.database.db
      .selectFrom('conversation_members')
      .select('num_unread')
      .where('conversation_id', '=', id)
      .where('member_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(unread.num_unread).toBe(3);
  });

  it('stores and charges a message once however often its client key is sent, even at once', async () => {
    const a = await member({}, 5 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const key = crypto.randomUUID();

    const first = await send(a, { conversation: id, body: 'Written offline', client_key: key });
    expect(first.statusCode).toBe(200);
    expect(first.json().credits).toBe(4 * COST);
    // The answer was lost on the way; the outbox sends again, from two tabs at once.
    const repeats = await Promise.all([
      send(a, { conversation: id, body: 'Written offline', client_key: key }),
      send(a, { conversation: id, body: 'Written offline', client_key: key }),
    ]);
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await storedMessages(id)).toEqual([expect.objectContaining({ body: 'Written offline', client_key: key })]);
    expect(await balanceOf(a.id)).toBe(4 * COST);
    // Each repeat publishes the message again (the first send's node may have died before it
    // did); a stream carries one id once (features/realtime), and nobody is notified again.
    const published = b.events.filter((event) => event.type === 'message');
    expect(published).toHaveLength(3);
    expect(new Set(published.map((event) => event.message.id))).toEqual(new Set([first.json().message.id]));
    expect(await notificationsOf(b.id)).toHaveLength(1);

    // A new key is a new message, paid again.
    const next = await send(a, { conversation: id, body: 'Written offline', client_key: crypto.randomUUID() });
    expect(next.json().credits).toBe(3 * COST);
    expect(await storedMessages(id)).toHaveLength(2);
  });

  it('stores one message when the first sends with one key race', async () => {
    const a = await member({}, 5 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(a, { conversation: id, body: 'once', client_key: key })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().message.id)).size).toBe(1);
    expect(await storedMessages(id)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(4 * COST);
  });

  it('keeps each member’s client keys their own, and refuses a key that is no UUID', async () => {
    const [a, b] = [await member({}, 2 * COST), await member({}, 2 * COST)];
    const id = await conversationOf(a, b);
    const key = crypto.randomUUID();
    const fromA = await send(a, { conversation: id, body: 'from A', client_key: key });
    const fromB = await send(b, { conversation: id, body: 'from B', client_key: key });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().message).toMatchObject({ from: b.id, body: 'from B' });
    expect(fromB.json().message.id).not.toBe(fromA.json().message.id);
    expect((await storedMessages(id)).map((message) => message.body)).toEqual(['from A', 'from B']);
    expect(await balanceOf(b.id)).toBe(COST);

    const bad = await send(a, { conversation: id, body: 'hi', client_key: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('client_key');
    expect(await storedMessages(id)).toHaveLength(2);
  });

  it('leaves a message to a fictional profile for an operator, without notifying anyone', async () => {
    const a = await member({}, COST);
    const host = await member({ fictional: 1 });
    const id = await conversationOf(a, host);
    expect((await send(a, { conversation: id, body: 'Hi there' })).statusCode).toBe(200);
    const [stored] = await storedMessages(id);
    expect(stored?.awaiting_operator).toBe(1);
    expect(await notificationsOf(host.id)).toHaveLength(0);
    expect(await storedMessages(id)).toHaveLength(1);
  });

  it('refuses to send once either member blocked the other, and shows the chat as unavailable', async () => {
    const a = await member({}, 5 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    expect((await send(a, { conversation: id, body: 'one' })).statusCode).toBe(200);
    await t.database.db.insertInto('blocks').values({ member_id: b.id, blocked_id: a.id, created_at: 1 }).execute();

    const response = await send(a, { conversation: id, body: 'two' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('blocked');
    expect(await storedMessages(id)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(4 * COST);
    expect((await list(a)).json<ChatsResponse>().chats[0]?.profile.available).toBe(false);
    expect((await read(a, `conversation=${id}`)).json<MessagesResponse>().profile.available).toBe(false);
  });

  it('keeps a deleted member’s conversation readable but unavailable, and sends nothing to them', async () => {
    const a = await member({}, 5 * COST);
    const b = await member({ name: 'Leaving' });
    const id = await conversationOf(a, b);
    expect((await send(a, { conversation: id, body: 'still there?' })).statusCode).toBe(200);
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/account_delete.php',
      headers: headers(b),
      payload: { password: 'correct horse battery staple' },
    });
    expect(deletion.statusCode).toBe(200);

    const chats = (await list(a)).json<ChatsResponse>().chats;
    expect(chats[0]?.profile).toMatchObject({ id: b.id, available: false });
    expect((await read(a, `conversation=${id}`)).json<MessagesResponse>().messages).toHaveLength(1);
    const response = await send(a, { conversation: id, body: 'hello?' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('member_unavailable');
    expect(await storedMessages(id)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(4 * COST);
    expect((await start(a, b.id)).statusCode).toBe(404);
  });

  it('pages messages oldest first with a cursor for older ones', async () => {
    const a = await member({}, 1000 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const total = MESSAGES_PAGE_SIZE + 5;
    const now = Date.now();
    await t.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: total }, (_, index) => ({
          conversation_id: id,
          sender_id: index % 2 ? a.id : b.id,
          body: `m${index}`,
          created_at: now + index,
        })),
      )
      .execute();

    const first = (await read(a, `conversation=${id}`)).json<MessagesResponse>();
    expect(first.messages.map((message) => message.body)).toEqual(
      Array.from({ length: MESSAGES_PAGE_SIZE }, (_, index) => `m${index + 5}`),
    );
    expect(first.older).toBe(first.messages[0]?.id);
    expect(first.profile.id).toBe(b.id);

    const second = (await read(a, `conversation=${id}&before=${first.older}`)).json<MessagesResponse>();
    expect(second.messages.map((message) => message.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(second.older).toBeNull();
  });

  it('marks read only on request, never backwards, with receipts to both', async () => {
    const a = await member({}, 10 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const sent = [];
    for (const body of ['one', 'two', 'three'])
      sent.push((await send(a, { conversation: id, body })).json().message.id);

    const unreadOf = async () => (await list(b)).json<ChatsResponse>().chats[0]?.num_unread_messages;
    expect((await read(b, `conversation=${id}`)).statusCode).toBe(200);
    expect(await unreadOf()).toBe(3);

    const response = await markRead(b, { conversation: id, up_to: sent[1] });
    expect(response.json()).toEqual({ conversation: id, up_to: sent[1] });
    expect(await unreadOf()).toBe(1);
    expect(a.events).toContainEqual({ type: 'read', conversation: id, up_to: sent[1], by_me: false });
    expect(b.events).toContainEqual({ type: 'read', conversation: id, up_to: sent[1], by_me: true });
    expect((await read(a, `conversation=${id}`)).json<MessagesResponse>().read_up_to).toBe(sent[1]);

    expect((await markRead(b, { conversation: id, up_to: sent[0] })).json().up_to).toBe(sent[1]);
    // A position past the last message stops at the last message.
    expect((await markRead(b, { conversation: id, up_to: 999_999_999 })).json().up_to).toBe(sent[2]);
    expect(await unreadOf()).toBe(0);
  });

  it('removes a chat from the member’s own list only, until a new message', async () => {
    const a = await member({}, 10 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    expect((await send(a, { conversation: id, body: 'hello' })).statusCode).toBe(200);

    const response = await remove(b, { conversation: { id } });
    expect(response.statusCode).toBe(200);
    expect(b.events).toContainEqual({ type: 'chats' });
    expect((await list(b)).json<ChatsResponse>().chats).toHaveLength(0);
    expect((await list(a)).json<ChatsResponse>().chats).toHaveLength(1);

    expect((await send(a, { conversation: id, body: 'again' })).statusCode).toBe(200);
    expect((await list(b)).json<ChatsResponse>().chats.map((chat) => chat.conversation.id)).toEqual([id]);
  });

  it('keeps an opened but unwritten chat off the other member’s list', async () => {
    const [a, b] = [await member(), await member()];
    await conversationOf(a, b);
    expect((await list(a)).json<ChatsResponse>().chats).toHaveLength(1);
    expect((await list(b)).json<ChatsResponse>().chats).toHaveLength(0);
  });

  it('lets no member read or change another member’s conversation', async () => {
    const a = await member({}, 10 * COST);
    const b = await member();
    const intruder = await member({}, 10 * COST);
    const id = await conversationOf(a, b);
    const [message] = [(await send(a, { conversation: id, body: 'private' })).json().message.id];

    for (const response of [
      await read(intruder, `conversation=${id}`),
      await send(intruder, { conversation: id, body: 'let me in' }),
      await markRead(intruder, { conversation: id, up_to: message }),
      await remove(intruder, { conversation: { id } }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await storedMessages(id)).toHaveLength(1);
    expect(await balanceOf(intruder.id)).toBe(10 * COST);
    expect((await list(intruder)).json<ChatsResponse>().chats).toHaveLength(0);
    const sides = await t.database.db
      .selectFrom('conversation_members')
      .select(['member_id', 'removed', 'num_unread', 'last_read_message_id'])
      .where('conversation_id', '=', id)
      .orderBy('member_id')
      .execute();
    expect(sides.every((side) => side.removed === 0 && side.last_read_message_id === 0)).toBe(true);
  });

  it('limits how fast one member sends', async () => {
    const a = await member({}, 100 * COST);
    const b = await member();
    const id = await conversationOf(a, b);
    const statuses = [];
    for (let index = 0; index < 21; index++) {
      statuses.push((await send(a, { conversation: id, body: `${index}` })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('sends for free where a site charges nothing, without ledger rows', async () => {
    const a = await member({ site_id: freeSiteId });
    const b = await member({ site_id: freeSiteId });
    const onFreeSite = { ...headers(a), host: FREE_HOST };
    const started = await t.app.inject({ url: `/api/chat.php?profile=${b.id}`, headers: onFreeSite });
    const id = started.json<{ id: number }>().id;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: onFreeSite,
      payload: { conversation: id, body: 'free' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().credits).toBe(0);
    expect((await storedMessages(id))[0]?.credits).toBe(0);
    const ledger = await t.database.db.selectFrom('credit_ledger').select('id').where('member_id', '=', a.id).execute();
    expect(ledger).toHaveLength(0);
  });
});
