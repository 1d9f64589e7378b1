import { CLIENT_HEADER, SEARCH_VISIBILITY_PATH, type ProfileCard } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGE_POLL_INTERVAL_MS } from '../../db/member-changes.js';
import { browserHeaders, createTestApp, memberWithSession, type TestApp } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('hiding from search on %s', (dialect) => {
  let t: TestApp & { siteId: number };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const searcher = () => memberWithSession(db(), t.siteId, { gender: 'male', date_of_birth: '1960-01-01' });
  const hider = () =>
    memberWithSession(db(), t.siteId, { gender: 'female', date_of_birth: '1961-02-02', name: 'Hidden Hilde' });
  const setHidden = (headers: Record<string, string>, hidden: unknown) =>
    t.app.inject({ method: 'PUT', url: SEARCH_VISIBILITY_PATH, headers, payload: { hidden } });
  const foundIds = async (headers: Record<string, string>) => {
    const query = 'manual_search=1&gender=female&min_age=18&max_age=100&country=NL&countryregion=0';
    const response = await t.app.inject({ url: `/api/search.php?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ profiles: ProfileCard[] }>().profiles.map((profile) => profile.id);
  };
  const listed = async (id: number) =>
    await db()
      .selectFrom('members')
      .select(['listed', 'hidden_from_search'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('takes the member out of search and visitors’ pages, while likes, chats and members’ views go on', async () => {
    const viewer = await searcher();
    const hidden = await hider();
    expect(await foundIds(viewer.headers)).toContain(hidden.id);
    expect((await t.app.inject({ url: SEARCH_VISIBILITY_PATH, headers: hidden.headers })).json()).toEqual({
      hidden: false,
    });

    const response = await setHidden(hidden.headers, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hidden: true });
    expect(await listed(hidden.id)).toEqual({ listed: 0, hidden_from_search: 1 });
    expect((await t.app.inject({ url: SEARCH_VISIBILITY_PATH, headers: hidden.headers })).json()).toEqual({
      hidden: true,
    });
    await vi.waitFor(async () => expect(await foundIds(viewer.headers)).not.toContain(hidden.id), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });

    // Visitors (and so the landers about one member) find no page; a member still does.
    expect((await t.app.inject({ url: `/api/member.php?id=${hidden.id}`, headers: browserHeaders() })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/member.php?id=${hidden.id}`, headers: viewer.headers })).statusCode).toBe(
      200,
    );

    // What the hidden member starts still works: a like, a chat the other member can read.
    const like = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: hidden.headers,
      payload: { profile: viewer.id },
    });
    expect(like.statusCode, like.body).toBe(200);
    const chat = await t.app.inject({
      url: `/api/chat.php?profile=${viewer.id}`,
      headers: { ...hidden.headers, [CLIENT_HEADER]: 'test' },
    });
    expect(chat.statusCode, chat.body).toBe(200);

    await setHidden(hidden.headers, false);
    expect(await listed(hidden.id)).toEqual({ listed: 1, hidden_from_search: 0 });
    await vi.waitFor(async () => expect(await foundIds(viewer.headers)).toContain(hidden.id), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });
  });

  it('never lists a member a moderator hid, and a lifted decision does not list one who hides', async () => {
    const member = await hider();
    const staff = await db()
      .insertInto('staff')
      .values({
        email: 'mod@example.test',
        email_normalized: 'mod@example.test',
        name: 'Mod',
        password_hash: 'x',
        role: 'admin',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db()
      .insertInto('moderation_items')
      .values({
        reference: 'RV-HIDETEST',
        source: 'report',
        site_id: t.siteId,
        subject: 'profile',
        reported_member_id: member.id,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('moderation_decisions')
      .values({
        reference: 'RV-HIDEDEC1',
        item_id: item.id,
        site_id: t.siteId,
        member_id: member.id,
        staff_id: staff.id,
        action: 'hide',
        reason: 'fake',
        created_at: Date.now(),
      })
      .execute();
    await db().updateTable('members').set({ listed: 0 }).where('id', '=', member.id).execute();

    await setHidden(member.headers, true);
    await setHidden(member.headers, false);
    expect(await listed(member.id)).toEqual({ listed: 0, hidden_from_search: 0 });
  });

  it('is the member’s own: 403 for visitors, 400 for a wrong value, and never another member’s', async () => {
    expect((await t.app.inject({ url: SEARCH_VISIBILITY_PATH, headers: browserHeaders() })).statusCode).toBe(403);
    expect((await setHidden(browserHeaders(), true)).statusCode).toBe(403);
    const a = await hider();
    const b = await hider();
    const bad = await setHidden(a.headers, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('hidden');
    await setHidden(a.headers, true);
    expect(await listed(b.id)).toEqual({ listed: 1, hidden_from_search: 0 });
    expect((await t.app.inject({ url: SEARCH_VISIBILITY_PATH, headers: b.headers })).json()).toEqual({ hidden: false });
  });
});
