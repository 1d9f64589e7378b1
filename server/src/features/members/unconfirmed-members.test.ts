import { LIKES_PATH, MEMBER_DETAIL_PATH, type ChatsResponse, type LikesResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChange } from '../../db/member-changes.js';
import type { NewMember } from '../../db/schema.js';
import { grant } from '../../ledger/credit-ledger.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/**
 * One rule on every path: an unconfirmed member uses the site, but nobody reaches them until they
 * confirm (as if they were gone), and they write to nobody, as nobody could answer them.
 */
describe.each(TEST_DIALECTS)('unconfirmed members on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function member(fields: Partial<NewMember> = {}) {
    const id = await insertMember(t.database.db, t.siteId, { name: 'Member', ...fields });
    await grant(t.database.db, id, 100, 'purchase');
    return { id, cookies: await sessionCookies(t.database.db, id) };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const headers = (who: Member) => ({ ...browserHeaders(who.cookies), 'sec-fetch-site': 'same-origin' });
  const call = (who: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers(who), ...(payload ? { payload } : {}) });
  const openPage = (who: Member, id: number) => call(who, 'GET', `${MEMBER_DETAIL_PATH}?id=${id}`);
  const like = (who: Member, profile: number) => call(who, 'POST', LIKES_PATH, { profile });
  const startChat = (who: Member, profile: number) => call(who, 'GET', `/api/chat.php?profile=${profile}`);
  const send = (who: Member, conversation: number) =>
    call(who, 'POST', '/api/messages.php', { conversation, body: 'Hello there' });
  const report = (who: Member, profile: number) => call(who, 'POST', '/api/report.php', { profile, reason: 'spam' });
  const likesOf = async (who: Member) => (await call(who, 'GET', LIKES_PATH)).json<LikesResponse>();
  const chatsOf = async (who: Member) => (await call(who, 'GET', '/api/chats.php')).json<ChatsResponse>();
  const confirm = (who: Member) =>
    t.database.db.updateTable('members').set(statusChange('active')).where('id', '=', who.id).execute();

  /** A conversation the unconfirmed member opened with `other` (opening one needs no confirmed address). */
  async function conversationBetween(unconfirmed: Member, other: Member) {
    const response = await startChat(unconfirmed, other.id);
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }

  it('answers 404 for their profile page', async () => {
    const [viewer, hidden] = [await member(), await member({ status: 'not_confirmed' })];
    const response = await openPage(viewer, hidden.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('answers 404 to liking them and stores no like', async () => {
    const [liker, hidden] = [await member(), await member({ status: 'not_confirmed' })];
    expect((await like(liker, hidden.id)).statusCode).toBe(404);
    const stored = await t.database.db
      .selectFrom('likes')
      .select('member_id')
      .where('profile_id', '=', hidden.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 404 to starting a chat with them and makes no conversation', async () => {
    const [starter, hidden] = [await member(), await member({ status: 'not_confirmed' })];
    const response = await startChat(starter, hidden.id);
    expect(response.statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('conversation_members')
      .select('conversation_id')
      .where('member_id', '=', starter.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 to a message sent to them and hides the conversation from the other list', async () => {
    const [hidden, other] = [await member({ status: 'not_confirmed' }), await member()];
    const conversation = await conversationBetween(hidden, other);
    // The other member opened it back (as before this rule), so it would be on their list.
    await t.database.db
      .updateTable('conversation_members')
      .set({ removed: 0 })
      .where('conversation_id', '=', conversation)
      .execute();

    const response = await send(other, conversation);
    expect(response.statusCode).toBe(404);
    expect((await chatsOf(other)).chats).toEqual([]);
    const stored = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 403 email_not_confirmed when they send a message, and stores none', async () => {
    const [hidden, other] = [await member({ status: 'not_confirmed' }), await member()];
    const conversation = await conversationBetween(hidden, other);
    const response = await send(hidden, conversation);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'email_not_confirmed',
      message: 'Confirm your e-mail address to send messages.',
    });
    const stored = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 404 to reporting or blocking them and stores neither', async () => {
    const [reporter, hidden] = [await member(), await member({ status: 'not_confirmed' })];
    expect((await report(reporter, hidden.id)).statusCode).toBe(404);
    expect((await call(reporter, 'POST', '/api/block.php', { profile: hidden.id })).statusCode).toBe(404);
    const blocks = await t.database.db
      .selectFrom('blocks')
      .select('blocked_id')
      .where('member_id', '=', reporter.id)
      .execute();
    expect(blocks).toEqual([]);
    const stored = await t.database.db
      .selectFrom('moderation_items')
      .select('id')
      .where('reported_member_id', '=', hidden.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it("keeps their likes from the other's list until they confirm, then reaches them everywhere", async () => {
    const [hidden, other] = [await member({ status: 'not_confirmed', name: 'Nora' }), await member()];
    expect((await like(hidden, other.id)).statusCode).toBe(200);
    const conversation = await conversationBetween(hidden, other);
    expect((await likesOf(other)).liked_by).toEqual([]);
    const told = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('member_id', '=', other.id)
      .execute();
    expect(told).toEqual([]);

    await confirm(hidden);

    expect((await likesOf(other)).liked_by.map((liked) => liked.profile.name)).toEqual(['Nora']);
    expect((await openPage(other, hidden.id)).statusCode).toBe(200);
    expect((await like(other, hidden.id)).statusCode).toBe(200);
    expect((await startChat(other, hidden.id)).json()).toEqual({ id: conversation });
    expect((await send(hidden, conversation)).statusCode).toBe(200);
    expect((await send(other, conversation)).statusCode).toBe(200);
    expect((await chatsOf(other)).chats.map((chat) => chat.profile.name)).toEqual(['Nora']);
    expect((await report(other, hidden.id)).statusCode).toBe(200);
  });
});
