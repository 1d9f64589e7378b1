import { LOCALES, STAFF_SESSION_COOKIE, type ConsoleMe } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../platform/two-factor/totp.js';
import { browserHeaders, createTestApp } from '../test/fixtures.js';
import { testTotpSecrets } from '../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { seedDemoStaff } from './demo-staff.js';

describe.each(TEST_DIALECTS)('the demo console staff on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('logs in with the printed password and codes from the printed secret', async () => {
    const logins = await seedDemoStaff(t.database.db, testTotpSecrets);
    expect(logins.map((login) => login.role)).toEqual(['admin', 'operator']);
    const operator = logins[1];
    if (!operator) throw new Error('no demo operator');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/console/login',
      headers: browserHeaders(),
      payload: { email: operator.email, password: operator.password },
    });
    expect(login.json().stage).toBe('code');
    const token = login.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)?.value ?? '';
    const headers = browserHeaders({ [STAFF_SESSION_COOKIE]: token });
    const code = await totpCode(operator.totpSecret);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/console/totp/verify',
      headers,
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);

    const me = (await t.app.inject({ url: '/api/console/me', headers })).json<ConsoleMe>();
    expect(me.role).toBe('operator');
    expect(me.sites.map((site) => site.domain)).toEqual(['localhost', 'boxy.localhost']);
    expect([...me.languages].sort()).toEqual([...LOCALES].sort());
  });

  it('finds the same logins again on a restart, and adds no one', async () => {
    const again = await seedDemoStaff(t.database.db, testTotpSecrets);
    expect(again.map((login) => login.role)).toEqual(['admin', 'operator']);
    expect(await t.database.db.selectFrom('staff').select('id').execute()).toHaveLength(2);
  });
});
