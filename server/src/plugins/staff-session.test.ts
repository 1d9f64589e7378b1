import { STAFF_RECONFIRM_MS } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../test/fixtures.js';
import { insertStaff, staffCookies } from '../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';

/** Console calls of each kind the pipeline tells apart; the real ones come with the console's features. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = async (request: { staff: { staff: { id: number } } }) => ({ staff: request.staff.staff.id });
  app.post(
    '/api/console/probe/answer',
    { config: { access: 'staff', permission: 'inbox.answer' }, schema: { body: z.object({ n: z.number() }) } },
    ok,
  );
  app.post(
    '/api/console/probe/staff',
    {
      config: { access: 'staff', permission: 'staff.manage', reconfirm: true },
      schema: { body: z.object({ n: z.number() }) },
    },
    ok,
  );
  app.post('/api/console/probe/finish-login', { config: { access: 'staff-login' } }, ok);
};

describe.each(TEST_DIALECTS)('the console pipeline on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    await app.register(probeRoutes);
  });
  afterAll(() => t.close());

  const call = (url: string, cookies: Record<string, string>, payload: unknown = { n: 1 }) =>
    app.inject({ method: 'POST', url, headers: browserHeaders(cookies), payload: payload as object });
  const codeOf = async (url: string, cookies: Record<string, string>, payload?: unknown) => {
    const response = await call(url, cookies, payload);
    return response.statusCode === 200 ? 200 : `${response.statusCode} ${response.json().error.code}`;
  };

  it('refuses nobody and members with not_logged_in before looking at the input', async () => {
    const member = await insertMember(t.database.db, t.siteId);
    for (const cookies of [{}, await sessionCookies(t.database.db, member)]) {
      expect(await codeOf('/api/console/probe/answer', cookies, 'not an object')).toBe('403 not_logged_in');
      expect(await codeOf('/api/console/probe/finish-login', cookies)).toBe('403 not_logged_in');
    }
  });

  it('opens nothing but the two-factor step until the code is given', async () => {
    const admin = await insertStaff(t.database.db, { role: 'admin' });
    const cookies = await staffCookies(t.database.db, admin, null);
    expect(await codeOf('/api/console/probe/answer', cookies, 'bad input')).toBe('403 two_factor_required');
    expect(await codeOf('/api/console/probe/finish-login', cookies)).toBe(200);
  });

  it("gives each role exactly its role's rights, then checks the input", async () => {
    const operator = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'operator' }));
    const admin = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin' }));
    expect(await codeOf('/api/console/probe/answer', operator)).toBe(200);
    expect(await codeOf('/api/console/probe/staff', operator, 'bad input')).toBe('403 forbidden');
    expect(await codeOf('/api/console/probe/staff', admin)).toBe(200);
    expect(await codeOf('/api/console/probe/staff', admin, { n: 'one' })).toBe('400 validation_failed');
  });

  it('asks for the code again for a sensitive action when the last one is older than 10 minutes', async () => {
    const admin = await insertStaff(t.database.db, { role: 'admin' });
    const stale = await staffCookies(t.database.db, admin, Date.now() - STAFF_RECONFIRM_MS - 1000);
    expect(await codeOf('/api/console/probe/staff', stale)).toBe('403 reconfirm_required');
    expect(await codeOf('/api/console/probe/answer', stale)).toBe(200);
  });

  it('ends the sessions of a disabled account at once', async () => {
    const operator = await insertStaff(t.database.db, { role: 'operator' });
    const cookies = await staffCookies(t.database.db, operator);
    await t.database.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', operator).execute();
    expect(await codeOf('/api/console/probe/answer', cookies)).toBe('403 not_logged_in');
  });

  it('refuses a forged console call before anything else it checks but the session', async () => {
    const operator = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'operator' }));
    const { cookie } = browserHeaders(operator);
    const response = await app.inject({
      method: 'POST',
      url: '/api/console/probe/answer',
      headers: { cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });
});

describe('console routes are declared where the console cookie goes', () => {
  it('does not start with a console call open to members, or a staff call outside /api/console/', async () => {
    for (const misplaced of [
      { url: '/api/console/open', access: 'member' as const },
      { url: '/api/elsewhere', access: 'staff' as const },
    ]) {
      const t = await createTestApp('sqlite');
      await t.app.register(async (scope) => {
        scope.get(misplaced.url, { config: { access: misplaced.access } }, async () => 'hello');
      });
      await expect(t.app.ready()).rejects.toThrow(misplaced.url);
      await t.database.cleanup();
    }
  });
});
