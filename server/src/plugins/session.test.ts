import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsRepository } from '../platform/sessions/sessions.repository.js';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../test/fixtures.js';
import { routerRoutes } from '../test/router-routes.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { sessionPlugin } from './session.js';

/** A path the route matches: every parameter filled in. */
const concrete = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');

const NOT_LOGGED_IN = { error: { code: 'not_logged_in', message: 'You need to log in first.' } };

describe.each(TEST_DIALECTS)('the request pipeline on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('knows the access of every route the router serves', () => {
    const declared = new Map(t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]));
    const served = routerRoutes(t.app);
    expect(served.length).toBeGreaterThan(40);
    expect(
      served.filter(
        (route) => !['public', 'optional', 'member', 'staff', 'staff-login'].includes(declared.get(route) ?? ''),
      ),
    ).toEqual([]);
    expect([...declared.values()].filter((access) => access === 'member').length).toBeGreaterThan(20);
  });

  it('refuses every member route without a session first, whatever the body and query', async () => {
    const answers: string[] = [];
    for (const { method, url } of t.app.routeAccess.filter((route) => route.access === 'member')) {
      const withBody = method !== 'GET' && method !== 'HEAD';
      const response = await t.app.inject({
        method: method as 'POST',
        // A control character is bad input to every route (plugins/input-guard.ts).
        url: `${concrete(url)}?profile=%00`,
        headers: { ...browserHeaders(), ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { payload: '{"not json' } : {}),
      });
      const body = method === 'HEAD' ? NOT_LOGGED_IN : response.json();
      answers.push(`${method} ${url} ${response.statusCode} ${JSON.stringify(body)}`);
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => !answer.endsWith(` 403 ${JSON.stringify(NOT_LOGGED_IN)}`))).toEqual([]);
  });

  it("refuses what a member route forbids before it looks at the member's input", async () => {
    const email = 'pipeline@example.test';
    await insertMember(t.database.db, t.siteId, { email });
    // The chat start is a GET only our own pages may send; this one is from elsewhere, and malformed.
    const response = await t.app.inject({
      url: '/api/chat.php?profile=not-a-number',
      headers: browserHeaders({ [SESSION_COOKIE]: await logIn(t.app, email) }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });

  it('does not start with a route that declares no access', async () => {
    const app = Fastify();
    await app.register(sessionPlugin, { sessions: createSessionsRepository(t.database.db) });
    app.get('/undeclared', async () => 'hello');
    await expect(app.ready()).rejects.toThrow('GET /undeclared');
    await app.close().catch(() => undefined);
  });
});
