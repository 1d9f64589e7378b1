import { CSRF_HEADER, paymentNotifyPath, type PaymentProviderId } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../test/fixtures.js';
import { concrete, routerRoutes } from '../test/router-routes.js';
import { insertStaff, staffCookies } from '../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Payment providers call from their own servers with no cookie to echo: their signature is the
 * check there (features/payments: a forged or unsigned notification is refused with 400).
 */
const PROVIDER_NOTIFICATIONS = new Set([paymentNotifyPath(':provider' as PaymentProviderId)]);

/** Every state-changing API route the app serves, read from its router rather than listed by hand. */
const stateChangingApiRoutes = (app: FastifyInstance) =>
  routerRoutes(app).filter(
    (route) =>
      route.path.startsWith('/api/') && !SAFE_METHODS.has(route.method) && !PROVIDER_NOTIFICATIONS.has(route.path),
  );

const percentEncoded = (char: string) => `%${char.charCodeAt(0).toString(16)}`;

/** Other ways to write the same path that the router still matches. */
function alternativeSpellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  return [`/${percentEncoded('a')}pi/${rest}`, `/api/${percentEncoded(rest[0]!)}${rest.slice(1)}`, `${path}/`];
}

describe.each(TEST_DIALECTS)('CSRF protection on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const email = 'csrf@example.test';
    await insertMember(t.database.db, t.siteId, { email });
    // A logged-in member's and admin's cookies without the header: what a forged cross-site form
    // sends. The admin's gets the console's calls past their staff check to the token's.
    const admin = await insertStaff(t.database.db, { role: 'admin' });
    const { [CSRF_HEADER]: _header, ...cookies } = browserHeaders({
      [SESSION_COOKIE]: await logIn(t.app, email),
      ...(await staffCookies(t.database.db, admin)),
    });
    session = cookies;
  });
  afterAll(() => t.close());

  it('finds the state-changing calls to check', () => {
    const routes = stateChangingApiRoutes(t.app);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/likes.php' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/user.php' });
    // Nested below another route in the router's listing, and a console call.
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/console/personas/:id' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/console/staff/:id/disable' });
    expect(routes.length).toBeGreaterThan(20);
    expect(routerRoutes(t.app)).toContainEqual({ method: 'POST', path: '/api/payments/:provider/notify' });
  });

  it('refuses every state-changing call without the token, however its path is spelled', async () => {
    const answers: string[] = [];
    for (const { method, path } of stateChangingApiRoutes(t.app)) {
      for (const url of [concrete(path), ...alternativeSpellings(concrete(path))]) {
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...session, 'content-type': 'application/json' },
          payload: '{}',
        });
        answers.push(
          `${method} ${url} ${response.statusCode} ${response.json<{ error?: { code: string } }>().error?.code}`,
        );
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 403 csrf_failed'))).toEqual([]);
  });
});
