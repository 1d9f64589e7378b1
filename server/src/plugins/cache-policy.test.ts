import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertMember, logIn, SESSION_COOKIE } from '../test/fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';

describe.each(TEST_DIALECTS)('caching of API answers on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let member: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertMember(t.database.db, t.siteId, { email: 'kees@example.test', name: 'Kees' });
    member = { cookie: `${SESSION_COOKIE}=${await logIn(t.app, 'kees@example.test')}` };
  });
  afterAll(() => t.close());

  it('never lets an answer made for a logged-in member be stored, whatever the route would allow a visitor', async () => {
    const urls = ['/api/user.php', '/api/likes.php', '/api/chats.php', '/api/settings.php', '/api/regions.php'];
    for (const url of urls) {
      const response = await t.app.inject({ url, headers: member });
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-store',
      });
    }
  });

  it('keeps a public answer public for visitors, told apart from the logged-in one by the cookie', async () => {
    const response = await t.app.inject('/api/regions.php');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(String(response.headers.vary)).toMatch(/Cookie/);
  });

  it('stores no API answer a route gave no policy, logged in or not', async () => {
    const response = await t.app.inject('/api/user.php');
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
