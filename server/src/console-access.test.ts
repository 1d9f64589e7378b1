import { STAFF_RECONFIRM_MS, STAFF_ROLES, type StaffRole } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from './plugins/session.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from './test/fixtures.js';
import { insertStaff, staffCookies } from './test/staff-fixtures.js';
import { TEST_DIALECTS } from './test/test-database.js';

interface ConsoleCall {
  access: RouteAccess;
  /** The roles the call is for, and what they get with an empty body and an unknown id. */
  roles?: readonly StaffRole[];
  answer?: number;
  /** A sensitive action: refused when the code is older than 10 minutes. */
  reconfirm?: true;
  /** A live stream: once admitted it never ends, so the walk checks only who it refuses. */
  stream?: true;
}

const EVERYONE = STAFF_ROLES;
const ADMINS: readonly StaffRole[] = ['admin'];
const SUPERVISORS: readonly StaffRole[] = ['admin', 'supervisor'];
const MODERATORS: readonly StaffRole[] = ['admin', 'supervisor'];

/**
 * Every console call and who may make it. A call the router serves under /api/console/ that is
 * missing here fails the walk: each new one says here which roles it is for.
 */
const CONSOLE_CALLS: Record<string, ConsoleCall> = {
  'POST /api/console/login': { access: 'public' },
  'GET /api/console/totp/enrolment': { access: 'staff-login' },
  'POST /api/console/totp/enrol': { access: 'staff-login' },
  'POST /api/console/totp/verify': { access: 'staff-login' },
  'POST /api/console/totp/recover': { access: 'staff-login' },
  'POST /api/console/logout': { access: 'staff-login' },
  'GET /api/console/me': { access: 'staff', roles: EVERYONE, answer: 200 },
  'POST /api/console/reconfirm': { access: 'staff', roles: EVERYONE, answer: 400 },
  'POST /api/console/recovery-codes': { access: 'staff', roles: EVERYONE, answer: 200, reconfirm: true },
  'PUT /api/console/me/capacity': { access: 'staff', roles: EVERYONE, answer: 400 },
  'GET /api/console/staff': { access: 'staff', roles: ADMINS, answer: 200, reconfirm: true },
  'POST /api/console/staff': { access: 'staff', roles: ADMINS, answer: 400, reconfirm: true },
  'PUT /api/console/staff/:id': { access: 'staff', roles: ADMINS, answer: 400, reconfirm: true },
  'POST /api/console/staff/:id/disable': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'POST /api/console/staff/:id/enable': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'POST /api/console/staff/:id/reset-two-factor': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'POST /api/console/staff/:id/reset-password': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'GET /api/console/audit': { access: 'staff', roles: ADMINS, answer: 200 },
  'GET /api/console/events': { access: 'staff', roles: EVERYONE, stream: true },
  'GET /api/console/inbox/queue': { access: 'staff', roles: EVERYONE, answer: 200 },
  'POST /api/console/inbox/next': { access: 'staff', roles: EVERYONE, answer: 200 },
  'GET /api/console/inbox/claims': { access: 'staff', roles: EVERYONE, answer: 200 },
  'GET /api/console/inbox/stats': { access: 'staff', roles: SUPERVISORS, answer: 200 },
  'GET /api/console/inbox/conversations/:id': { access: 'staff', roles: EVERYONE, answer: 404 },
  'GET /api/console/inbox/conversations/:id/messages': { access: 'staff', roles: EVERYONE, answer: 400 },
  'POST /api/console/inbox/conversations/:id/claim': { access: 'staff', roles: EVERYONE, answer: 404 },
  'DELETE /api/console/inbox/conversations/:id/claim': { access: 'staff', roles: EVERYONE, answer: 404 },
  'POST /api/console/inbox/conversations/:id/assign': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'POST /api/console/inbox/conversations/:id/reply': { access: 'staff', roles: EVERYONE, answer: 400 },
  'PUT /api/console/inbox/conversations/:id/draft': { access: 'staff', roles: EVERYONE, answer: 400 },
  'POST /api/console/inbox/conversations/:id/notes': { access: 'staff', roles: EVERYONE, answer: 400 },
  'GET /api/console/inbox/conversations/:id/snippets': { access: 'staff', roles: EVERYONE, answer: 404 },
  'GET /api/console/snippets': { access: 'staff', roles: EVERYONE, answer: 400 },
  'POST /api/console/snippets': { access: 'staff', roles: EVERYONE, answer: 400 },
  'PUT /api/console/snippets/:id': { access: 'staff', roles: EVERYONE, answer: 400 },
  'DELETE /api/console/snippets/:id': { access: 'staff', roles: EVERYONE, answer: 404 },
  'GET /api/console/sites/:id/settings': { access: 'staff', roles: ADMINS, answer: 404 },
  'PUT /api/console/sites/:id/settings': { access: 'staff', roles: ADMINS, answer: 400 },
  'GET /api/console/sites/:id/config': { access: 'staff', roles: ADMINS, answer: 404 },
  'PUT /api/console/sites/:id/config': { access: 'staff', roles: ADMINS, answer: 400, reconfirm: true },
  'GET /api/console/sites/:id/config/history': { access: 'staff', roles: ADMINS, answer: 404 },
  'GET /api/console/dashboard': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'GET /api/console/personas/sites': { access: 'staff', roles: SUPERVISORS, answer: 200 },
  'GET /api/console/personas': { access: 'staff', roles: SUPERVISORS, answer: 200 },
  'POST /api/console/personas': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'GET /api/console/personas/:id': { access: 'staff', roles: SUPERVISORS, answer: 404 },
  'PATCH /api/console/personas/:id': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'PUT /api/console/personas/:id/sheet': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'PUT /api/console/personas/:id/state': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'POST /api/console/personas/:id/images': { access: 'staff', roles: SUPERVISORS, answer: 404 },
  'PUT /api/console/personas/:id/main-image': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'PUT /api/console/personas/:id/image-order': { access: 'staff', roles: SUPERVISORS, answer: 400 },
  'DELETE /api/console/personas/:id/images/:imageId': { access: 'staff', roles: SUPERVISORS, answer: 404 },
  'GET /api/console/moderation/items': { access: 'staff', roles: MODERATORS, answer: 200 },
  'GET /api/console/moderation/items/:id': { access: 'staff', roles: MODERATORS, answer: 404 },
  'GET /api/console/moderation/items/:id/evidence': {
    access: 'staff',
    roles: MODERATORS,
    answer: 404,
    reconfirm: true,
  },
  // The unknown id is no photo's name.
  'GET /api/console/moderation/photos/:name': { access: 'staff', roles: MODERATORS, answer: 400 },
  'POST /api/console/moderation/items/:id/claim': { access: 'staff', roles: MODERATORS, answer: 404 },
  'DELETE /api/console/moderation/items/:id/claim': { access: 'staff', roles: MODERATORS, answer: 200 },
  'POST /api/console/moderation/items/:id/decide': { access: 'staff', roles: MODERATORS, answer: 400 },
  'POST /api/console/moderation/items/:id/decide-account': {
    access: 'staff',
    roles: MODERATORS,
    answer: 400,
    reconfirm: true,
  },
  'POST /api/console/moderation/members/:id/unban': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'GET /api/console/members': { access: 'staff', roles: EVERYONE, answer: 400 },
  'GET /api/console/members/:id': { access: 'staff', roles: EVERYONE, answer: 404 },
  'POST /api/console/members/:id/notes': { access: 'staff', roles: EVERYONE, answer: 400 },
  'POST /api/console/members/:id/adjustments': { access: 'staff', roles: EVERYONE, answer: 400, reconfirm: true },
  'GET /api/console/approvals': { access: 'staff', roles: ADMINS, answer: 200 },
  'POST /api/console/approvals/:id/approve': { access: 'staff', roles: ADMINS, answer: 404, reconfirm: true },
  'POST /api/console/approvals/:id/refuse': { access: 'staff', roles: ADMINS, answer: 404 },
  'POST /api/console/members/:id/password-reset': { access: 'staff', roles: SUPERVISORS, answer: 404 },
  'POST /api/console/members/:id/activation': { access: 'staff', roles: SUPERVISORS, answer: 404 },
  'POST /api/console/members/:id/email-change': {
    access: 'staff',
    roles: SUPERVISORS,
    answer: 400,
    reconfirm: true,
  },
  'POST /api/console/members/:id/two-factor-reset': {
    access: 'staff',
    roles: SUPERVISORS,
    answer: 404,
    reconfirm: true,
  },
  'POST /api/console/members/:id/export': { access: 'staff', roles: SUPERVISORS, answer: 404, reconfirm: true },
  'POST /api/console/members/:id/delete': { access: 'staff', roles: SUPERVISORS, answer: 404, reconfirm: true },
};

const UNKNOWN_ID = '999999';

describe.each(TEST_DIALECTS)('every console call on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let consoleRoutes: { method: string; url: string; access: RouteAccess | undefined }[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.ready();
    consoleRoutes = t.app.routeAccess.filter(
      (route) => route.url.startsWith('/api/console/') && route.method !== 'HEAD',
    );
  });
  afterAll(() => t.close());

  async function answer(key: string, cookies: Record<string, string>): Promise<string> {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
    const response = await t.app.inject({
      method,
      url: url.replace(/:[a-zA-Z]+/g, UNKNOWN_ID),
      headers: browserHeaders(cookies),
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    const code = response.statusCode >= 400 ? ` ${response.json().error.code}` : '';
    return `${response.statusCode}${code}`;
  }

  it('lists every call it serves, each with the access the list gives it', () => {
    expect(Object.fromEntries(consoleRoutes.map((route) => [`${route.method} ${route.url}`, route.access]))).toEqual(
      Object.fromEntries(Object.entries(CONSOLE_CALLS).map(([key, call]) => [key, call.access])),
    );
  });

  it('refuses every staff call to nobody and to members, before anything else', async () => {
    const member = await sessionCookies(t.database.db, await insertMember(t.database.db, t.siteId));
    const refused: string[] = [];
    for (const [key, call] of Object.entries(CONSOLE_CALLS)) {
      if (call.access === 'public') continue;
      for (const cookies of [{}, member]) refused.push(`${key} ${await answer(key, cookies)}`);
    }
    expect(refused.filter((line) => !line.endsWith(' 403 not_logged_in'))).toEqual([]);
  });

  it('opens nothing but the two-factor step to a login waiting for its code', async () => {
    const admin = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin' }), null);
    for (const [key, call] of Object.entries(CONSOLE_CALLS)) {
      if (call.access === 'staff') expect(`${key} ${await answer(key, admin)}`).toBe(`${key} 403 two_factor_required`);
    }
  });

  it.each(STAFF_ROLES)("gives the %s exactly the role's calls", async (role) => {
    const cookies = await staffCookies(t.database.db, await insertStaff(t.database.db, { role }));
    const staffCalls = Object.entries(CONSOLE_CALLS).filter(([, call]) => call.access === 'staff');
    const got: string[] = [];
    for (const [key, call] of staffCalls) {
      if (call.stream && call.roles?.includes(role)) {
        got.push(`${key} ${call.answer}`);
        continue;
      }
      const status = await answer(key, cookies);
      // What an allowed call answers depends on its input; that it was let through is the point here.
      got.push(`${key} ${call.roles?.includes(role) ? status.split(' ')[0] : status}`);
    }
    expect(got).toEqual(
      staffCalls.map(([key, call]) => `${key} ${call.roles?.includes(role) ? call.answer : '403 forbidden'}`),
    );
  });

  it('asks for the code again before each sensitive call once the last one is 10 minutes old', async () => {
    const stale = Date.now() - STAFF_RECONFIRM_MS - 1000;
    const admin = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin' }), stale);
    const lines: string[] = [];
    for (const [key, call] of Object.entries(CONSOLE_CALLS)) {
      if (call.access !== 'staff' || call.stream) continue;
      const got = await answer(key, admin);
      lines.push(`${key} ${call.reconfirm ? got : got.startsWith('403') ? got : 'not asked'}`);
    }
    expect(lines).toEqual(
      Object.entries(CONSOLE_CALLS)
        .filter(([, call]) => call.access === 'staff' && !call.stream)
        .map(([key, call]) => `${key} ${call.reconfirm ? '403 reconfirm_required' : 'not asked'}`),
    );
  });

  it('has no call that changes or removes an audit entry', () => {
    const audit = t.app.routeAccess.filter((route) => route.url.includes('audit'));
    expect(audit.map((route) => route.method).sort()).toEqual(['GET', 'HEAD']);
  });
});
