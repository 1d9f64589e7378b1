import {
  STAFF_SESSION_COOKIE,
  type ConsoleLoginResponse,
  type StaffListResponse,
  type StaffMember,
  type StaffPasswordResponse,
} from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, TEST_PASSWORD } from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { createConsoleStaffRepository, LastAdminError } from './console-staff.repository.js';
import { requireMayChange, requireMayCreate } from './staff-policy.js';

describe('who may change which staff account', () => {
  const supervisor = { id: 1, role: 'supervisor' as const };
  const admin = { id: 2, role: 'admin' as const };

  it('never lets a role hand out rights it lacks, or touch an account that has more', () => {
    expect(() => requireMayCreate(supervisor, 'admin')).toThrow('rights your own role does not have');
    expect(() => requireMayCreate(supervisor, 'operator')).not.toThrow();
    expect(() => requireMayChange(supervisor, { id: 3, role: 'operator' }, { role: 'admin' })).toThrow(
      'rights your own role does not have',
    );
    expect(() => requireMayChange(supervisor, { id: 3, role: 'admin' }, { role: 'operator' })).toThrow(
      'rights your role does not',
    );
    expect(() => requireMayChange(admin, { id: 3, role: 'admin' }, { role: 'operator' })).not.toThrow();
  });

  it('keeps their own role and access out of their hands', () => {
    expect(() => requireMayChange(admin, admin, { role: 'operator' })).toThrow('your own role');
    expect(() => requireMayChange(admin, admin, { role: 'admin' })).not.toThrow();
    expect(() => requireMayChange(admin, admin, { access: true })).toThrow('your own account');
  });
});

describe.each(TEST_DIALECTS)('staff management on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let adminId: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminId = await insertStaff(t.database.db, { role: 'admin', email: 'boss@staff.test' });
    admin = await staffCookies(t.database.db, adminId);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookies: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: browserHeaders(cookies), payload });

  const auditOf = async (targetId: number) =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_type', '=', 'staff')
        .where('target_id', '=', targetId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ by: row.staff_id, action: row.action, detail: JSON.parse(row.detail ?? 'null') as unknown }));

  const email = () => `new-${Math.random().toString(36).slice(2)}@staff.test`;
  const operator = (address = email()) => ({
    email: address,
    name: 'Olga Operator',
    role: 'operator',
    sites: [t.siteId],
    languages: ['nl', 'de'],
    capacity: 4,
  });

  async function logIn(address: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/console/login',
      headers: browserHeaders(),
      payload: { email: address, password },
      remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  }

  it('creates an account with a password to hand over, which logs in to enrol two-factor', async () => {
    const input = operator();
    const response = await call('POST', '/api/console/staff', admin, input);
    expect(response.statusCode).toBe(200);
    const { staff, password } = response.json<StaffPasswordResponse>();
    expect(staff).toMatchObject({
      email: input.email,
      role: 'operator',
      sites: [t.siteId],
      languages: ['de', 'nl'],
      capacity: 4,
      status: 'active',
      two_factor: false,
    });
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);

    const login = await logIn(input.email, password);
    expect(login.json<ConsoleLoginResponse>().stage).toBe('enrol');

    expect(await auditOf(staff.id)).toEqual([
      {
        by: adminId,
        action: 'staff.create',
        detail: { email: input.email, role: 'operator', sites: [t.siteId], languages: ['nl', 'de'], capacity: 4 },
      },
    ]);
    const list = (await call('GET', '/api/console/staff', admin)).json<StaffListResponse>();
    expect(list.staff.map((member) => member.email)).toContain(input.email);
    expect(list.sites.map((site) => site.domain)).toEqual(['localhost', 'boxy.localhost']);
  });

  it('refuses a taken address, an unknown site and a bad role next to their fields', async () => {
    const taken = await call('POST', '/api/console/staff', admin, operator('BOSS@staff.test'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({ email: 'validation.email_taken' });
    const unknownSite = await call('POST', '/api/console/staff', admin, { ...operator(), sites: [9999] });
    expect(unknownSite.json().error.fields).toEqual({ sites: 'console.validation.site_unknown' });
    const badRole = await call('POST', '/api/console/staff', admin, {
      ...operator(),
      role: 'owner',
      languages: ['xx'],
    });
    expect(Object.keys(badRole.json().error.fields).sort()).toEqual(['languages.0', 'role']);
  });

  it('changes role, sites, languages and capacity with one audit row of what changed', async () => {
    const { staff } = (await call('POST', '/api/console/staff', admin, operator())).json<StaffPasswordResponse>();
    const change = {
      name: 'Olga',
      role: 'supervisor',
      sites: [t.siteId, t.boxySiteId],
      languages: ['nl'],
      capacity: 9,
    };
    const response = await call('PUT', `/api/console/staff/${staff.id}`, admin, change);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ staff: StaffMember }>().staff).toMatchObject(change);
    // Saving the same again changes nothing and records nothing.
    expect((await call('PUT', `/api/console/staff/${staff.id}`, admin, change)).statusCode).toBe(200);

    expect((await auditOf(staff.id)).slice(1)).toEqual([
      {
        by: adminId,
        action: 'staff.update',
        detail: {
          name: ['Olga Operator', 'Olga'],
          role: ['operator', 'supervisor'],
          capacity: [4, 9],
          sites: [[t.siteId], [t.siteId, t.boxySiteId]],
          languages: [['de', 'nl'], ['nl']],
        },
      },
    ]);
    expect((await call('PUT', '/api/console/staff/99999', admin, change)).statusCode).toBe(404);
  });

  it("leaves an admin's own role and access to another admin", async () => {
    const self = { name: 'Boss', role: 'operator', sites: [], languages: [], capacity: 1 };
    expect((await call('PUT', `/api/console/staff/${adminId}`, admin, self)).json().error.code).toBe('forbidden');
    for (const action of ['disable', 'reset-two-factor', 'reset-password']) {
      const response = await call('POST', `/api/console/staff/${adminId}/${action}`, admin);
      expect(response.statusCode, action).toBe(403);
    }
    expect((await call('GET', '/api/console/me', admin)).json().role).toBe('admin');
  });

  it('disables an account and ends its sessions at once, and enables it again', async () => {
    const created = (await call('POST', '/api/console/staff', admin, operator())).json<StaffPasswordResponse>();
    const theirs = await staffCookies(t.database.db, created.staff.id);
    expect((await call('GET', '/api/console/me', theirs)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/console/staff/${created.staff.id}/disable`, admin);
    expect(disabled.json<{ staff: StaffMember }>().staff.status).toBe('disabled');
    expect((await call('GET', '/api/console/me', theirs)).json().error.code).toBe('not_logged_in');
    expect((await logIn(created.staff.email, created.password)).statusCode).toBe(401);

    await call('POST', `/api/console/staff/${created.staff.id}/enable`, admin);
    expect((await logIn(created.staff.email, created.password)).statusCode).toBe(200);
    expect((await auditOf(created.staff.id)).map((row) => row.action)).toEqual([
      'staff.create',
      'staff.disable',
      'staff.enable',
    ]);
  });

  it('resets two-factor login and the password, each ending the sessions', async () => {
    const address = email();
    const id = await insertStaff(t.database.db, { role: 'operator', email: address });
    const theirs = await staffCookies(t.database.db, id);
    await t.database.db
      .insertInto('staff_recovery_codes')
      .values({ staff_id: id, code_hash: 'x', used_at: null })
      .execute();

    const reset = await call('POST', `/api/console/staff/${id}/reset-two-factor`, admin);
    expect(reset.json<{ staff: StaffMember }>().staff.two_factor).toBe(false);
    expect((await call('GET', '/api/console/me', theirs)).json().error.code).toBe('not_logged_in');
    expect(
      await t.database.db.selectFrom('staff_recovery_codes').where('staff_id', '=', id).selectAll().execute(),
    ).toEqual([]);
    expect((await logIn(address, TEST_PASSWORD)).json<ConsoleLoginResponse>().stage).toBe('enrol');

    const again = await staffCookies(t.database.db, id);
    const { password } = (
      await call('POST', `/api/console/staff/${id}/reset-password`, admin)
    ).json<StaffPasswordResponse>();
    expect((await call('GET', '/api/console/me', again)).json().error.code).toBe('not_logged_in');
    expect((await logIn(address, TEST_PASSWORD)).statusCode).toBe(401);
    const login = await logIn(address, password);
    expect(login.statusCode).toBe(200);
    expect(login.cookies.some((cookie) => cookie.name === STAFF_SESSION_COOKIE)).toBe(true);
    expect((await auditOf(id)).map((row) => row.action)).toEqual([
      'staff.two_factor_reset',
      'staff.password_reset',
      // The old password, tried after the reset.
      'staff.login_failed',
    ]);
  });

  it('never leaves the console without an active admin, even when two admins disable each other at once', async () => {
    const db = t.database.db;
    const a = await insertStaff(db, { role: 'admin' });
    const b = await insertStaff(db, { role: 'admin' });
    // Only these two are admins, so the last one standing is the one who acted first.
    await db
      .updateTable('staff')
      .set({ role: 'operator' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [a, b])
      .execute();
    const [byA, byB] = await Promise.all([
      call('POST', `/api/console/staff/${b}/disable`, await staffCookies(db, a)),
      call('POST', `/api/console/staff/${a}/disable`, await staffCookies(db, b)),
    ]);
    const statuses = [byA.statusCode, byB.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser either lost its session first (403) or found itself the last admin (409).
    expect([403, 409]).toContain(statuses[1]);
    const active = await db
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(1);

    // And the last one cannot be demoted or disabled by anyone, whatever asks the database.
    const [last] = active;
    const repository = createConsoleStaffRepository(db);
    const member = await repository.find(last?.id ?? 0);
    if (!member) throw new Error('the last admin is gone');
    const actor = { staffId: member.id, staffEmail: member.email, ip: '127.0.0.1' };
    await expect(repository.setStatus(actor, member, 'disabled')).rejects.toBeInstanceOf(LastAdminError);
    await expect(repository.update(actor, member, { ...member, role: 'supervisor' })).rejects.toBeInstanceOf(
      LastAdminError,
    );
    await db.updateTable('staff').set({ role: 'admin' }).where('id', '=', adminId).execute();
  });
});
