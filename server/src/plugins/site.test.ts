import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-long-enough-0123456789' } as const;

describe.each(TEST_DIALECTS)('request hosts in production on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: PRODUCTION });
  });
  afterAll(() => t.close());

  it('refuses a host no site is configured for, in JSON, rather than serve the default site', async () => {
    for (const url of ['/api/settings.php', '/api/user.php', '/', '/api/likes.php']) {
      const response = await t.app.inject({ url, headers: { host: 'elsewhere.example' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 421 });
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error.code).toBe('unknown_host');
    }
  });

  it('serves every configured site by its host, with or without a port', async () => {
    const boxy = await t.app.inject({ url: '/api/settings.php', headers: { host: 'boxy.localhost:3000' } });
    expect(boxy.json().domain).toBe('boxy.localhost');
    const main = await t.app.inject({ url: '/api/settings.php', headers: { host: 'LOCALHOST' } });
    expect(main.json().domain).toBe('localhost');
  });

  it('answers health checks whatever host they probe', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { host: '127.0.0.1:4101' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });
});

describe.each(TEST_DIALECTS)('request hosts outside production on %s', (dialect) => {
  it('gives an unknown host the default site, so any local name works', async () => {
    const t = await createTestApp(dialect);
    try {
      const response = await t.app.inject({ url: '/api/settings.php', headers: { host: '192.168.1.20:3000' } });
      expect(response.json().domain).toBe('localhost');
    } finally {
      await t.close();
    }
  });
});
