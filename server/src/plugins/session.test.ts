import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsRepository } from '../platform/sessions/sessions.repository.js';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../test/fixtures.js';
import { concrete, routerRoutes } from '../test/router-routes.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { sessionPlugin } from './session.js';

const NOT_LOGGED_IN = { error: { code: 'not_logged_in', message: 'You need to log in first.' } };

/**
 * The members' calls on addresses that serve visitors too, each refused by a guard: the push
 * subscription beside sign-up, the activation poll beside the mailed link (which needs a token), and
 * search on a site that lets no visitor search (the test sites do not).
 */
const MEMBER_CALLS_ON_SHARED_ROUTES = [
  { method: 'POST', url: '/api/user.php?push=1' },
  { method: 'POST', url: '/api/user.php?push=0&new=1' },
  { method: 'GET', url: '/api/activate.php?token=' },
  { method: 'GET', url: '/api/search.php?page=0&min_age=x' },
] as const;

describe.each(TEST_DIALECTS)('the request pipeline on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('knows the access of every route the router serves', () => {
    const declared = new Map(t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]));
    const served = routerRoutes(t.app).map((route) => `${route.method} ${route.path}`);
    expect(served.length).toBeGreaterThan(40);
    expect(
      served.filter(
        (route) => !['public', 'optional', 'member', 'staff', 'staff-login'].includes(declared.get(route) ?? ''),
      ),
    ).toEqual([]);
    expect([...declared.values()].filter((access) => access === 'member').length).toBeGreaterThan(20);
  });

  /** What a visitor gets for a call with bad input everywhere: a control character in the query, broken JSON. */
  async function visitorAnswer(method: string, url: string) {
    const withBody = method !== 'GET' && method !== 'HEAD';
    const response = await t.app.inject({
      method: method as 'POST',
      // A control character is bad input to every route (plugins/input-guard.ts).
      url: `${url}${url.includes('?') ? '&' : '?'}profile=%00`,
      headers: { ...browserHeaders(), ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: '{"not json' } : {}),
    });
    const body = method === 'HEAD' ? NOT_LOGGED_IN : response.json();
    return `${method} ${url} ${response.statusCode} ${JSON.stringify(body)}`;
  }
  const refused = (answer: string) => answer.endsWith(` 403 ${JSON.stringify(NOT_LOGGED_IN)}`);

  it('refuses every member route without a session first, whatever the body and query', async () => {
    const answers: string[] = [];
    for (const { method, url } of t.app.routeAccess.filter((route) => route.access === 'member')) {
      answers.push(await visitorAnswer(method, concrete(url)));
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => !refused(answer))).toEqual([]);
  });

  it("refuses a visitor the members' call on an address that serves both, before it reads the input", async () => {
    const answers: string[] = [];
    for (const { method, url } of MEMBER_CALLS_ON_SHARED_ROUTES) answers.push(await visitorAnswer(method, url));
    expect(answers.filter((answer) => !refused(answer))).toEqual([]);
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
