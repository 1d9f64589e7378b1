import {
  STAFF_RECONFIRM_MS,
  type SiteConfigHistoryResponse,
  type SiteConfigResponse,
  type SiteConfigSaveResponse,
  type Settings,
} from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { SITE_CACHE_TTL_MS } from '../../platform/sites/sites.repository.js';
import { browserHeaders, createTestApp, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const HOST = 'editable.test';

describe.each(TEST_DIALECTS)('site settings in the console on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let secondNode: FastifyInstance;
  let admin: Record<string, string>;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    siteId = await insertSite(t.database.db, testSiteConfig(HOST, { name: 'Editable' }));
    secondNode = await buildApp(t.config, { database: t.database, web: false });
    admin = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin', name: 'Ada' }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await secondNode.close();
    await t.close();
  });

  const path = (rest = '', id = siteId) => `/api/console/sites/${id}/config${rest}`;
  const read = async (id = siteId) =>
    (await t.app.inject({ url: path('', id), headers: browserHeaders(admin) })).json<SiteConfigResponse>();
  const put = (payload: object, cookies = admin, id = siteId) =>
    t.app.inject({ method: 'PUT', url: path('', id), headers: browserHeaders(cookies), payload });
  const settingsSeenBy = async (node: FastifyInstance) =>
    (await node.inject({ url: '/api/settings.php', headers: { host: HOST } })).json<Settings>();

  it('previews a change without saving it, then saves it with its history and audit rows', async () => {
    const { config, version } = await read();
    const next = { ...config, name: 'Golden Hearts', countries: ['NL', 'BE', 'DE'], welcome_credits: 30 };

    const preview = await put({ config: next, version, preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<SiteConfigSaveResponse>()).toEqual({
      saved: false,
      version,
      changes: [
        { path: 'countries', before: JSON.stringify(config.countries), after: '["NL","BE","DE"]' },
        { path: 'name', before: '"Editable"', after: '"Golden Hearts"' },
        { path: 'welcome_credits', before: String(config.welcome_credits), after: '30' },
      ],
    });
    expect((await read()).config.name).toBe('Editable');

    const saved = await put({ config: next, version });
    expect(saved.json<SiteConfigSaveResponse>()).toMatchObject({ saved: true, version: version + 1 });
    expect((await settingsSeenBy(t.app)).name).toBe('Golden Hearts');

    const history = await t.app.inject({ url: path('/history'), headers: browserHeaders(admin) });
    const [entry] = history.json<SiteConfigHistoryResponse>().entries;
    expect(entry).toMatchObject({ staff: { name: 'Ada' } });
    expect(entry!.changes.map((change) => change.path)).toEqual(['countries', 'name', 'welcome_credits']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'detail'])
      .where('action', '=', 'site.update')
      .execute();
    expect(audit).toEqual([
      {
        action: 'site.update',
        target_id: siteId,
        detail: JSON.stringify({ paths: ['countries', 'name', 'welcome_credits'] }),
      },
    ]);
  });

  it('reaches another server node within the sites cache time, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const before = (await settingsSeenBy(secondNode)).support_phone;
    const { config, version } = await read();
    expect((await put({ config: { ...config, support_phone: '+31 20 123 4567' }, version })).statusCode).toBe(200);
    expect((await settingsSeenBy(secondNode)).support_phone).toBe(before);
    vi.setSystemTime(Date.now() + SITE_CACHE_TTL_MS + 1);
    expect((await settingsSeenBy(secondNode)).support_phone).toBe('+31 20 123 4567');
  });

  it('refuses settings the server could not run on, naming the field, and stores nothing', async () => {
    const { config, version } = await read();
    const response = await put({
      config: { ...config, support_email: 'not an address', countries: ['Netherlands'], signups: 'sometimes' },
      version,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ error: { fields: Record<string, string> } }>().error.fields).sort()).toEqual([
      'config.countries.0',
      'config.signups',
      'config.support_email',
    ]);
    expect(await read()).toEqual({ site_id: siteId, config, version });
  });

  it('refuses a save made on settings someone else changed meanwhile', async () => {
    const { config, version } = await read();
    expect((await put({ config: { ...config, support_phone: '1' }, version })).statusCode).toBe(200);
    const stale = await put({ config: { ...config, support_phone: '2' }, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('settings_changed');
    expect((await read()).config.support_phone).toBe('1');
  });

  it('refuses a domain another site answers on', async () => {
    const { config, version } = await read();
    const response = await put({ config: { ...config, domain: 'boxy.localhost' }, version });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'config.domain': 'validation.domain_taken',
    });
  });

  it('asks for the code again, and is for admins only', async () => {
    const { config, version } = await read();
    const staleAdmin = await staffCookies(
      t.database.db,
      await insertStaff(t.database.db, { role: 'admin' }),
      Date.now() - STAFF_RECONFIRM_MS - 1000,
    );
    const refused = await put({ config, version }, staleAdmin);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('reconfirm_required');
    const supervisor = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'supervisor' }));
    expect((await t.app.inject({ url: path(), headers: browserHeaders(supervisor) })).statusCode).toBe(403);
    expect((await put({ config, version }, supervisor)).statusCode).toBe(403);
  });
});
