import type { ErrorBody, NotificationsResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('notifications calls on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alice: number;
  let bob: number;
  let carol: number;
  let aliceCookies: Record<string, string>;
  let bobCookies: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await insertMember(t.database.db, t.siteId, { name: 'Alice', email: 'alice@example.test' });
    bob = await insertMember(t.database.db, t.siteId, { name: 'Bob', email: 'bob@example.test' });
    carol = await insertMember(t.database.db, t.siteId, { name: 'Carol', email: 'carol@example.test' });
    aliceCookies = { [SESSION_COOKIE]: await logIn(t.app, 'alice@example.test') };
    bobCookies = { [SESSION_COOKIE]: await logIn(t.app, 'bob@example.test') };
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    await t.database.db.deleteFrom('notifications').execute();
    await t.database.db.deleteFrom('blocks').execute();
  });

  async function addNotification(memberId: number, kind: string, actorId: number | null, createdAt = Date.now()) {
    const row = await t.database.db
      .insertInto('notifications')
      .values({
        member_id: memberId,
        kind,
        actor_id: actorId,
        conversation_id: null,
        payload: null,
        created_at: createdAt,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const list = async (cookies: Record<string, string>) => {
    const response = await t.app.inject({ url: '/api/notifications.php', headers: browserHeaders(cookies) });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationsResponse>();
  };
  const mark = (cookies: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/notifications.php', headers: browserHeaders(cookies), payload });

  it('lists the member’s notifications newest first, with the actor and the unread count', async () => {
    await addNotification(alice, 'like', bob, 1_000);
    await addNotification(alice, 'email_change_incorrect', null, 2_000);
    await addNotification(bob, 'like', alice, 3_000);

    const body = await list(aliceCookies);
    expect(body.num_unread).toBe(2);
    expect(body.notifications.map((item) => item.kind)).toEqual(['email_change_incorrect', 'like']);
    expect(body.notifications[1]).toMatchObject({
      actor: { id: bob, name: 'Bob', main_image: null },
      read: false,
      created_at: new Date(1_000).toISOString(),
    });
  });

  it('hides actors blocked either way and deleted actors', async () => {
    await addNotification(alice, 'like', bob);
    await addNotification(alice, 'like', carol);
    await t.database.db.insertInto('blocks').values({ member_id: bob, blocked_id: alice, created_at: 1 }).execute();
    expect((await list(aliceCookies)).notifications.map((item) => item.actor?.id)).toEqual([carol]);

    await t.database.db.deleteFrom('blocks').execute();
    await t.database.db.insertInto('blocks').values({ member_id: alice, blocked_id: bob, created_at: 1 }).execute();
    expect((await list(aliceCookies)).notifications.map((item) => item.actor?.id)).toEqual([carol]);

    await t.database.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', carol).execute();
    const body = await list(aliceCookies);
    await t.database.db.updateTable('members').set({ status: 'active' }).where('id', '=', carol).execute();
    expect(body).toEqual({ notifications: [], num_unread: 0 });
  });

  it('marks some or all as read, only the member’s own', async () => {
    const first = await addNotification(alice, 'like', bob);
    const second = await addNotification(alice, 'like', carol);
    const bobs = await addNotification(bob, 'like', alice);

    // Bob names Alice's notification: nothing of hers changes.
    expect((await mark(bobCookies, { ids: [first, bobs] })).statusCode).toBe(200);
    expect((await list(aliceCookies)).num_unread).toBe(2);
    expect((await list(bobCookies)).num_unread).toBe(0);

    const some = await mark(aliceCookies, { ids: [first] });
    expect(some.statusCode).toBe(200);
    expect(some.json<NotificationsResponse>().notifications.find((item) => item.id === first)?.read).toBe(true);
    expect(some.json<NotificationsResponse>().num_unread).toBe(1);

    const all = await mark(aliceCookies, { all: true });
    expect(all.json<NotificationsResponse>().num_unread).toBe(0);
    const stored = await t.database.db
      .selectFrom('notifications')
      .select(['id', 'read_at'])
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(stored.read_at).not.toBeNull();
  });

  it('refuses a malformed body, naming the field', async () => {
    const fieldsOf = async (body: Record<string, unknown>) => {
      const response = await mark(aliceCookies, body);
      expect(response.statusCode).toBe(400);
      return response.json<ErrorBody>().error.fields ?? {};
    };
    expect(await fieldsOf({ ids: [3, 'x'] })).toEqual({ 'ids.1': 'validation.choice_invalid' });
    expect(Object.keys(await fieldsOf({ ids: [] }))).toEqual(['ids']);
    expect(await fieldsOf({})).toEqual({ ids: 'validation.required' });
    expect(await fieldsOf({ ids: [1], all: true })).toEqual({ all: 'validation.choice_invalid' });
    expect(Object.keys(await fieldsOf({ all: false }))).toEqual(['all']);
  });

  it('publishes the shared VAPID public key as push_pub', async () => {
    const settings = (await t.app.inject({ url: '/api/settings.php', headers: browserHeaders() })).json<{
      push_pub: string;
    }>();
    const stored = await t.database.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    expect(settings.push_pub).toBe((JSON.parse(stored.value) as { publicKey: string }).publicKey);
  });

  it('answers 403 without a session', async () => {
    expect((await t.app.inject({ url: '/api/notifications.php', headers: browserHeaders() })).statusCode).toBe(403);
    expect((await mark({}, { all: true })).statusCode).toBe(403);
  });

  it('notifies the member whose e-mail change was undone', async () => {
    // The undo flow's notifier call, as the e-mail change test drives it end to end.
    await addNotification(bob, 'email_change_incorrect', null);
    const body = await list(bobCookies);
    expect(body.notifications[0]).toMatchObject({ kind: 'email_change_incorrect', actor: null });
  });
});
