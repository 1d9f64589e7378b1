import {
  DEFAULT_PROFILE_VISITORS_FREE,
  PROFILE_VIEW_PATH,
  PROFILE_VISITORS_PATH,
  type ProfileVisitorsResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/time.js';
import { browserHeaders, createTestApp, memberWithSession, type TestApp } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('who viewed me on %s', (dialect) => {
  let t: TestApp & { siteId: number };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const member = (name = 'Member', extra = {}) =>
    memberWithSession(db(), t.siteId, { name, date_of_birth: '1960-06-15', city: 'Delft', ...extra });
  const view = (headers: Record<string, string>, profile: unknown) =>
    t.app.inject({ method: 'POST', url: PROFILE_VIEW_PATH, headers, payload: { profile } });
  const visitorsOf = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ url: PROFILE_VISITORS_PATH, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProfileVisitorsResponse>();
  };

  it('lists who opened the profile, newest first, once a day each', async () => {
    const owner = await member('Olga');
    const anna = await member('Anna');
    const bert = await member('Bert');
    expect((await view(anna.headers, owner.id)).json()).toEqual({ recorded: true });
    expect((await view(bert.headers, owner.id)).json()).toEqual({ recorded: true });
    expect((await view(anna.headers, owner.id)).json()).toEqual({ recorded: true });
    // One's own profile leaves nothing.
    expect((await view(owner.headers, owner.id)).json()).toEqual({ recorded: false });

    const { visitors, more } = await visitorsOf(owner.headers);
    expect(visitors.map((visitor) => visitor.name)).toEqual(['Anna', 'Bert']);
    expect(visitors[0]).toMatchObject({ id: anna.id, city: 'Delft', age: expect.any(Number), main_image: null });
    expect(Date.parse(visitors[0]!.viewed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(more).toBe(0);
    const rows = await db().selectFrom('profile_views').selectAll().where('viewed_id', '=', owner.id).execute();
    expect(rows).toHaveLength(2);
    // Another member's list is theirs alone.
    expect((await visitorsOf(anna.headers)).visitors).toEqual([]);
  });

  it('shows members without premium the latest few, premium members all', async () => {
    const owner = await member('Paula');
    const names = ['V1', 'V2', 'V3', 'V4', 'V5'];
    for (const name of names) await view((await member(name)).headers, owner.id);

    const free = await visitorsOf(owner.headers);
    expect(free.visitors.map((visitor) => visitor.name)).toEqual(
      names.slice().reverse().slice(0, DEFAULT_PROFILE_VISITORS_FREE),
    );
    expect(free.more).toBe(names.length - DEFAULT_PROFILE_VISITORS_FREE);

    await db()
      .updateTable('members')
      .set({ premium_until: Date.now() + 30 * DAY_MS })
      .where('id', '=', owner.id)
      .execute();
    const premium = await visitorsOf(owner.headers);
    expect(premium.visitors).toHaveLength(names.length);
    expect(premium.more).toBe(0);
  });

  it('leaves no trace of a member hiding from search, of a blocked one, or on a persona', async () => {
    const owner = await member('Quinn');
    const hiding = await member('Hiding', { hidden_from_search: 1, listed: 0 });
    expect((await view(hiding.headers, owner.id)).json()).toEqual({ recorded: false });
    const blocker = await member('Blocker');
    await db()
      .insertInto('blocks')
      .values({ member_id: owner.id, blocked_id: blocker.id, created_at: Date.now() })
      .execute();
    expect((await view(blocker.headers, owner.id)).json()).toEqual({ recorded: false });
    const persona = await member('Persona', { fictional: 1 });
    expect((await view(owner.headers, persona.id)).json()).toEqual({ recorded: false });

    // A visitor who starts hiding afterwards drops out of the list too.
    const later = await member('Later');
    await view(later.headers, owner.id);
    expect((await visitorsOf(owner.headers)).visitors.map((visitor) => visitor.name)).toEqual(['Later']);
    await t.app.inject({
      method: 'PUT',
      url: '/api/search_visibility.php',
      headers: later.headers,
      payload: { hidden: true },
    });
    expect((await visitorsOf(owner.headers)).visitors).toEqual([]);
  });

  it('lets a member look without leaving a trace, and only for themselves', async () => {
    const owner = await member('Sara');
    const quiet = await member('Quiet');
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: PROFILE_VISITORS_PATH, headers, payload });
    expect((await visitorsOf(quiet.headers)).leaves_trace).toBe(true);

    const off = await put(quiet.headers, { leaves_trace: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<ProfileVisitorsResponse>().leaves_trace).toBe(false);
    expect((await view(quiet.headers, owner.id)).json()).toEqual({ recorded: false });
    expect((await visitorsOf(owner.headers)).visitors).toEqual([]);
    // The owner's own switch is untouched.
    expect((await visitorsOf(owner.headers)).leaves_trace).toBe(true);

    await put(quiet.headers, { leaves_trace: true });
    expect((await view(quiet.headers, owner.id)).json()).toEqual({ recorded: true });
    expect((await visitorsOf(owner.headers)).visitors.map((visitor) => visitor.name)).toEqual(['Quiet']);

    const bad = await put(quiet.headers, { leaves_trace: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('leaves_trace');
    expect((await put(browserHeaders(), { leaves_trace: false })).statusCode).toBe(403);
  });

  it('forgets visits older than thirty days', async () => {
    const owner = await member('Rita');
    const old = await member('Old');
    await db()
      .insertInto('profile_views')
      .values({ viewed_id: owner.id, viewer_id: old.id, day: '2020-01-01', viewed_at: Date.now() - 31 * DAY_MS })
      .execute();
    expect((await visitorsOf(owner.headers)).visitors).toEqual([]);
    await view((await member('New')).headers, owner.id);
    const left = await db().selectFrom('profile_views').select('viewer_id').where('viewed_id', '=', owner.id).execute();
    expect(left.map((row) => row.viewer_id)).not.toContain(old.id);
  });

  it('refuses visitors with 403 and a wrong profile with 400', async () => {
    expect((await view(browserHeaders(), 1)).statusCode).toBe(403);
    expect((await t.app.inject({ url: PROFILE_VISITORS_PATH, headers: browserHeaders() })).statusCode).toBe(403);
    const someone = await member();
    const bad = await view(someone.headers, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('profile');
    // An unknown id is simply no visit.
    expect((await view(someone.headers, 99_999_999)).json()).toEqual({ recorded: false });
  });
});
