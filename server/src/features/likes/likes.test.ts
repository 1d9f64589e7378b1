import type { LikesResponse, LiveEvent, MemberDetail, ProfileCard } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { createMemoryEventBus } from '../../realtime/event-bus.js';
import { LIKES_PER_MINUTE } from './likes.routes.js';

/** A birth date that makes someone `age` today, well away from their birthday. */
function bornAged(age: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - 100);
  return date.toISOString().slice(0, 10);
}

describe.each(TEST_DIALECTS)('likes on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // Handed to the app, so a test can listen for what the members' open tabs would receive.
  const events = createMemoryEventBus();

  beforeAll(async () => {
    t = await createTestApp(dialect, { events });
  });
  afterAll(async () => t.close());

  interface Member {
    id: number;
    cookies: Record<string, string>;
  }

  /** A searchable member of the default site, logged in. */
  async function member(fields: Partial<NewMember> = {}): Promise<Member> {
    const email = `liker-${Math.random().toString(36).slice(2)}@example.test`;
    const id = await insertMember(t.database.db, t.siteId, {
      email,
      name: `Member ${Math.random().toString(36).slice(2, 7)}`,
      gender: 'female',
      date_of_birth: bornAged(60),
      country: 'NL',
      city: 'Haarlem',
      ...fields,
    });
    return { id, cookies: await sessionCookies(t.database.db, id) };
  }

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    who: Member | null,
    payload?: unknown,
    url = '/api/likes.php',
  ) => t.app.inject({ method, url, headers: browserHeaders(who?.cookies), payload: payload as object });
  const like = (who: Member, profile: unknown) => call('POST', who, { profile });
  const unlike = (who: Member, profile: unknown) => call('DELETE', who, { profile });
  const seen = (who: Member, profile: unknown) => call('PUT', who, { profile }, '/api/likes.php?seen=1');
  async function lists(who: Member): Promise<LikesResponse> {
    const response = await call('GET', who);
    expect(response.statusCode).toBe(200);
    return response.json<LikesResponse>();
  }
  const block = (memberId: number, blockedId: number) =>
    t.database.db
      .insertInto('blocks')
      .values({ member_id: memberId, blocked_id: blockedId, created_at: Date.now() })
      .execute();

  it('refuses every call without a session', async () => {
    const other = await member();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(method, null, method === 'GET' ? undefined : { profile: other.id });
      expect(response.statusCode, method).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'not_logged_in' } });
    }
    expect((await call('PUT', null, { profile: other.id }, '/api/likes.php?seen=1')).statusCode).toBe(403);
  });

  it('lists the likes given newest first, and received ones new first, then newest', async () => {
    const me = await member();
    const [a, b, c] = [await member(), await member(), await member()];
    for (const profile of [a, b, c]) {
      expect((await like(me, profile.id)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const liker of [a, b, c]) {
      await like(liker, me.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await seen(me, c.id)).statusCode).toBe(200);

    const body = await lists(me);
    expect(body.profiles.map((card) => card.id)).toEqual([c.id, b.id, a.id]);
    expect(body.profiles.every((card) => card.likes.did_like_profile)).toBe(true);
    // c's like was seen, so it goes after the new ones even though it is the newest.
    expect(body.liked_by.map((entry) => [entry.id, entry.like_new])).toEqual([
      [b.id, true],
      [a.id, true],
      [c.id, false],
    ]);
    expect(body.liked_by[0]!.profile).toMatchObject({ id: b.id, city: 'Haarlem', likes: { did_like_profile: true } });
    expect(Number.isNaN(Date.parse(body.liked_by[0]!.created_at))).toBe(false);
  });

  it('likes once however often it is sent, notifies once, and unlikes', async () => {
    const me = await member();
    const other = await member();
    expect((await like(me, other.id)).statusCode).toBe(200);
    expect((await like(me, other.id)).statusCode).toBe(200);

    const rows = await t.database.db.selectFrom('likes').selectAll().where('member_id', '=', me.id).execute();
    expect(rows).toMatchObject([{ profile_id: other.id, is_new: 1 }]);
    const notifications = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'actor_id'])
      .where('member_id', '=', other.id)
      .execute();
    expect(notifications).toEqual([{ kind: 'like', actor_id: me.id }]);
    expect((await lists(other)).liked_by.map((entry) => entry.id)).toEqual([me.id]);

    expect((await unlike(me, other.id)).statusCode).toBe(200);
    expect((await unlike(me, other.id)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('likes').selectAll().where('member_id', '=', me.id).execute()).toEqual([]);
    expect((await lists(me)).profiles).toEqual([]);
    expect((await lists(other)).liked_by).toEqual([]);

    // Liking again shows as a new like, but toggling sends no second notification.
    await like(me, other.id);
    expect((await lists(other)).liked_by).toMatchObject([{ id: me.id, like_new: true }]);
    const after = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('member_id', '=', other.id)
      .execute();
    expect(after).toHaveLength(1);
  });

  it('tells both members live: the liked one once, the liker in every tab', async () => {
    const me = await member();
    const other = await member();
    const theirs: LiveEvent[] = [];
    const mine: LiveEvent[] = [];
    const stopTheirs = events.subscribe(other.id, (event) => theirs.push(event));
    const stopMine = events.subscribe(me.id, (event) => mine.push(event));
    await like(me, other.id);
    await like(me, other.id);
    await unlike(me, other.id);
    stopTheirs();
    stopMine();
    // The notifier adds its own `notification` event; the like event comes once.
    expect(theirs.filter((event) => event.type === 'like')).toEqual([{ type: 'like', profile: me.id, by_me: false }]);
    expect(mine).toEqual([
      { type: 'like', profile: other.id, by_me: true },
      { type: 'like', profile: other.id, by_me: true },
      { type: 'like', profile: other.id, by_me: true },
    ]);
  });

  it('refuses a bad body with the field, a self-like, and members it cannot see', async () => {
    const me = await member();
    for (const body of [{}, { profile: 'x' }, { profile: -1 }, { profile: 1.5 }]) {
      const response = await call('POST', me, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { profile: expect.any(String) } },
      });
    }
    const self = await like(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: { fields: { profile: 'likes.self_like' } } });
    expect((await unlike(me, me.id)).statusCode).toBe(400);
    for (const body of [{}, { profile: 'x' }]) {
      expect((await call('DELETE', me, body)).json()).toMatchObject({
        error: { fields: { profile: expect.any(String) } },
      });
      expect((await call('PUT', me, body, '/api/likes.php?seen=1')).statusCode).toBe(400);
    }

    const banned = await member({ status: 'banned' });
    const blocker = await member();
    await block(blocker.id, me.id);
    for (const profile of [banned.id, blocker.id, 99_999_999]) {
      expect((await like(me, profile)).statusCode, String(profile)).toBe(404);
    }
    const otherSite = await insertMember(t.database.db, t.boxySiteId, { name: 'Elsewhere' });
    expect((await like(me, otherSite)).statusCode).toBe(404);
    expect((await call('PUT', me, { profile: 1 }, '/api/likes.php?seen=2')).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('likes').selectAll().where('member_id', '=', me.id).execute()).toEqual([]);
  });

  it("never lets a member see or change another member's likes", async () => {
    const [a, b, liker] = [await member(), await member(), await member()];
    await like(liker, b.id);
    // A marks "liker → B" seen: it is not A's like, so nothing changes.
    expect((await seen(a, liker.id)).statusCode).toBe(200);
    expect((await lists(b)).liked_by).toMatchObject([{ id: liker.id, like_new: true }]);
    expect(await lists(a)).toEqual({ profiles: [], liked_by: [] });
    // The lists follow the session whatever the query says.
    const sneaky = await call('GET', a, undefined, `/api/likes.php?member=${b.id}`);
    expect(sneaky.json<LikesResponse>()).toEqual({ profiles: [], liked_by: [] });
    // Seen by B clears it.
    await seen(b, liker.id);
    expect((await lists(b)).liked_by).toMatchObject([{ id: liker.id, like_new: false }]);
  });

  it('hides members blocked either way, and deleted or banned ones, from both lists', async () => {
    const me = await member();
    const [blocked, blocker, leaving, kept] = [await member(), await member(), await member(), await member()];
    for (const other of [blocked, blocker, leaving, kept]) {
      await like(me, other.id);
      await like(other, me.id);
    }
    await block(me.id, blocked.id);
    await block(blocker.id, me.id);
    await t.database.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', leaving.id).execute();

    const body = await lists(me);
    expect(body.profiles.map((card) => card.id)).toEqual([kept.id]);
    expect(body.liked_by.map((entry) => entry.id)).toEqual([kept.id]);
  });

  it('limits how fast one member likes', async () => {
    const me = await member();
    const other = await member();
    const statuses: number[] = [];
    for (let i = 0; i <= LIKES_PER_MINUTE; i++) statuses.push((await like(me, other.id)).statusCode);
    expect(statuses.slice(0, LIKES_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  describe('in search and on member pages', () => {
    const search = (who: Member) =>
      t.app.inject({
        url: '/api/search.php?manual_search=1&do_not_save=1&gender=male&min_age=18&max_age=100&country=NL&countryregion=0',
        headers: browserHeaders(who.cookies),
      });
    const page = (who: Member, id: number) =>
      t.app.inject({ url: `/api/member.php?id=${id}`, headers: browserHeaders(who.cookies) });

    it('says which cards and pages the viewer liked, and hides members blocked either way', async () => {
      const viewer = await member({ gender: 'female' });
      const men = { gender: 'male' as const, search_rank: 100 };
      const [liked, notLiked, blocked, blocker] = [
        await member(men),
        await member(men),
        await member(men),
        await member(men),
      ];
      await like(viewer, liked.id);
      await block(viewer.id, blocked.id);
      await block(blocker.id, viewer.id);

      const response = await search(viewer);
      expect(response.statusCode).toBe(200);
      const cards = new Map(response.json<{ profiles: ProfileCard[] }>().profiles.map((card) => [card.id, card]));
      expect(cards.get(liked.id)?.likes.did_like_profile).toBe(true);
      expect(cards.get(notLiked.id)?.likes.did_like_profile).toBe(false);
      expect(cards.has(blocked.id)).toBe(false);
      expect(cards.has(blocker.id)).toBe(false);
      // Someone else searching the same sees the blocked members (the result list is shared) and no likes of the viewer.
      const bystander = await member();
      const theirs = new Map(
        (await search(bystander)).json<{ profiles: ProfileCard[] }>().profiles.map((card) => [card.id, card]),
      );
      expect(theirs.has(blocked.id)).toBe(true);
      expect(theirs.get(liked.id)?.likes.did_like_profile).toBe(false);

      expect((await page(viewer, liked.id)).json<MemberDetail>().likes.did_like_profile).toBe(true);
      expect((await page(viewer, notLiked.id)).json<MemberDetail>().likes.did_like_profile).toBe(false);
      expect((await page(bystander, liked.id)).json<MemberDetail>().likes.did_like_profile).toBe(false);
      expect((await page(viewer, blocked.id)).statusCode).toBe(404);
      expect((await page(viewer, blocker.id)).statusCode).toBe(404);
      expect((await page(bystander, blocked.id)).statusCode).toBe(200);
    });
  });
});
