import { CSRF_COOKIE, PAGE_HIDDEN_PATH } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TOUCH_INTERVAL_MS } from '../../db/search-rank.js';
import { createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/** Recent enough that the session lookup leaves it alone: only the beacon can move it. */
const FIVE_MINUTES_MS = 5 * 60_000;

describe.each(TEST_DIALECTS)('the page-hide beacon on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A member last seen five minutes ago, with the cookies their browser holds (a CSRF cookie, but no header). */
  async function member() {
    const earlier = Date.now() - FIVE_MINUTES_MS;
    const id = await insertMember(t.database.db, t.siteId, { last_active_at: earlier });
    const cookies = {
      [CSRF_COOKIE]: 'test-csrf-token-0123456789abcdefghijkl',
      ...(await sessionCookies(t.database.db, id)),
    };
    return {
      id,
      earlier,
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    };
  }

  const lastActive = async (id: number) =>
    (await t.database.db.selectFrom('members').select('last_active_at').where('id', '=', id).executeTakeFirstOrThrow())
      .last_active_at;

  /** What `navigator.sendBeacon` sends: JSON, the page's cookies, the browser's fetch metadata, none of our headers. */
  const beacon = (headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: PAGE_HIDDEN_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('records that a member was last seen now, without the CSRF header a beacon cannot send', async () => {
    const { id, earlier, cookie } = await member();
    const sentAt = Date.now();
    const response = await beacon({ cookie, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(204);
    expect(await lastActive(id)).toBeGreaterThanOrEqual(sentAt);
    expect(sentAt - earlier).toBeLessThan(ACTIVITY_TOUCH_INTERVAL_MS);
  });

  it('answers a visitor harmlessly and stores nothing', async () => {
    const { id, earlier } = await member();
    const response = await beacon({ 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await lastActive(id)).toBe(earlier);
  });

  it('refuses a beacon from another site or from no page at all, and changes nothing', async () => {
    const { id, earlier, cookie } = await member();
    expect((await beacon({ cookie, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await beacon({ cookie, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    const bare = await beacon({ cookie });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ error: { code: 'csrf_failed' } });
    expect(await lastActive(id)).toBe(earlier);
  });

  it('answers a body that is not the empty JSON of spec §7 with 400 and the reason', async () => {
    const { id, earlier, cookie } = await member();
    const response = await beacon({ cookie, 'sec-fetch-site': 'same-origin' }, { last_seen: 0 });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('validation_failed');
    expect(Object.values(error.fields).join(' ')).toContain('last_seen');
    expect(await lastActive(id)).toBe(earlier);
  });

  it('still asks every other state change for the CSRF header', async () => {
    const { cookie } = await member();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: { profile: { id: 1 } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'csrf_failed' } });
  });
});
