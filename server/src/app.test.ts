import { CLIENT_HEADER, CSRF_HEADER } from '@rendezvous/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { LOGIN_FREE_FAILURES } from './features/accounts/login-throttle.js';
import { SESSION_COOKIE } from './platform/sessions/sessions.repository.js';
import { securityPlugin } from './plugins/security.js';
import { browserHeaders, createTestApp, insertMember, logIn, TEST_PASSWORD } from './test/fixtures.js';
import { TEST_DIALECTS } from './test/test-database.js';

describe.each(TEST_DIALECTS)('the app on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let memberEmail: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    memberEmail = 'Marga@Example.test';
    await insertMember(t.database.db, t.siteId, { email: memberEmail, name: 'Marga' });
    // A route that fails the way a bug would, to see what the client is told.
    t.app.get('/api/boom.php', { config: { access: 'public' } }, async () => {
      throw new Error('database password is hunter2');
    });
  });
  afterAll(() => t.close());

  it('reports health with the database it checked', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject('/api/nothing-here.php');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().error.code).toBe('not_found');
  });

  it('hides the internals of an unexpected error', async () => {
    const response = await t.app.inject('/api/boom.php');
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal');
    expect(response.body).not.toContain('hunter2');
  });

  it('refuses invalid input with 400 and the field at fault', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { ...browserHeaders(), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers 403 to a logged-out user call', async () => {
    const response = await t.app.inject('/api/user.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('not_logged_in');
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const headers: Record<string, string> = browserHeaders();
    delete headers[CSRF_HEADER];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers,
      payload: { email: memberEmail, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });

  it('logs a member in with a new session, serves the user, and logs out', async () => {
    const planted = 'planted-session-token';
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders({ [SESSION_COOKIE]: planted }),
      payload: { email: 'marga@EXAMPLE.test', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(planted);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const user = await t.app.inject({
      url: '/api/user.php',
      headers: browserHeaders({ [SESSION_COOKIE]: cookie!.value }),
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().profile.name).toBe('Marga');
    expect(user.json().email).toBe(memberEmail);

    const logout = await t.app.inject({
      url: '/api/logout.php',
      headers: { ...browserHeaders({ [SESSION_COOKIE]: cookie!.value }), [CLIENT_HEADER]: 'web@test' },
    });
    expect(logout.body).toBe('done');
    const after = await t.app.inject({
      url: '/api/user.php',
      headers: browserHeaders({ [SESSION_COOKIE]: cookie!.value }),
    });
    expect(after.statusCode).toBe(403);
  });

  it('logs out only when our own pages ask: a link on another site leaves the session alone', async () => {
    const token = await logIn(t.app, memberEmail);
    const session = browserHeaders({ [SESSION_COOKIE]: token });
    const userStatus = async () => (await t.app.inject({ url: '/api/user.php', headers: session })).statusCode;

    // What a cross-site <img src> or link sends: the cookies, none of our headers.
    const forged = await t.app.inject({
      url: '/api/logout.php',
      headers: { ...session, 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_failed');
    expect(await userStatus()).toBe(200);

    const sameOrigin = await t.app.inject({
      url: '/api/logout.php',
      headers: { ...session, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.body).toBe('done');
    expect(await userStatus()).toBe(403);

    const again = browserHeaders({ [SESSION_COOKIE]: await logIn(t.app, memberEmail) });
    const fromApp = await t.app.inject({ url: '/api/logout.php', headers: { ...again, [CLIENT_HEADER]: 'web@test' } });
    expect(fromApp.body).toBe('done');
    expect((await t.app.inject({ url: '/api/user.php', headers: again })).statusCode).toBe(403);
  });

  it('gives one answer for a wrong password and an unknown address', async () => {
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email: memberEmail, password: 'wrong' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email: 'nobody@example.test', password: 'wrong' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
  });

  it('makes a client wait after a few wrong passwords on one account', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: browserHeaders(),
        payload: { email: 'target@example.test', password: 'guess' },
      });
    const statuses = [];
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('limits login attempts per network address, whatever addresses they try', async () => {
    // Its own network address, so the logins of the other tests here are not counted.
    const attempt = (remoteAddress: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: browserHeaders(),
        payload: { email: `guess-${n}@example.test`, password: 'guess' },
        remoteAddress,
      });
    const statuses = [];
    for (let n = 0; n < 20; n += 1) statuses.push((await attempt('10.20.30.40', n)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await attempt('10.20.30.40', 20);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.20.30.41', 21)).statusCode).toBe(401);
  });

  it('does not let a session of one site open another site', async () => {
    const token = await logIn(t.app, memberEmail);
    const onBoxy = await t.app.inject({
      url: '/api/user.php',
      headers: { ...browserHeaders({ [SESSION_COOKIE]: token }), host: 'boxy.localhost' },
    });
    expect(onBoxy.statusCode).toBe(403);
  });

  it('picks the site by host and gives unknown hosts the default site', async () => {
    const boxy = await t.app.inject({ url: '/api/settings.php', headers: { host: 'boxy.localhost:3000' } });
    expect(boxy.json().template.name).toBe('boxy');
    expect(boxy.json().domain).toBe('boxy.localhost');
    const unknown = await t.app.inject({ url: '/api/settings.php', headers: { host: 'elsewhere.example' } });
    expect(unknown.json().domain).toBe('localhost');
  });

  it('ignores forwarded hosts from peers that are not trusted proxies', async () => {
    const response = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', 'x-forwarded-host': 'boxy.localhost' },
    });
    expect(response.json().domain).toBe('localhost');
  });

  it('sends security headers with a script policy that allows no inline script', async () => {
    const response = await t.app.inject('/healthz');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives each page fresh nonces that its policy allows', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { dev: false });
    app.get('/page', async (_request, reply) => reply.pageNonces());
    const [first, second] = [await app.inject('/page'), await app.inject('/page')];
    const nonces = first.json<{ script: string; style: string }>();
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonces.script}'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonces.style}'`);
    expect(second.json<{ script: string }>().script).not.toBe(nonces.script);
    await app.close();
  });

  it('compresses text responses', async () => {
    const response = await t.app.inject({ url: '/api/settings.php', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).domain).toBe('localhost');
  });
});

describe.each(TEST_DIALECTS)('region data on %s', (dialect) => {
  it('lists the regions of every country of the site, and only those', async () => {
    const t = await createTestApp(dialect);
    try {
      await t.database.db
        .insertInto('regions')
        .values([
          { country: 'NL', code: 'NH', name: 'Noord-Holland' },
          { country: 'BE', code: 'VAN', name: 'Antwerpen' },
          { country: 'DE', code: 'BE', name: 'Berlin' },
        ])
        .execute();
      const settings = (await t.app.inject('/api/settings.php')).json();
      expect(Object.keys(settings.region_data)).toEqual(['NL', 'BE']);
      expect(settings.region_data.NL).toEqual([{ id: expect.any(Number), code: 'NL-NH', name: 'Noord-Holland' }]);
      expect(settings.region_data.BE[0].name).toBe('Antwerpen');
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_DIALECTS)('behind a trusted proxy on %s', (dialect) => {
  it('honours X-Forwarded-Host from a configured proxy', async () => {
    const t = await createTestApp(dialect, { env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const response = await t.app.inject({
        url: '/api/settings.php',
        headers: { host: 'localhost', 'x-forwarded-host': 'boxy.localhost' },
      });
      expect(response.json().domain).toBe('boxy.localhost');
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_DIALECTS)('the request log on %s', (dialect) => {
  it('keeps the path of a mailed link but never its token', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(dialect, { env: { LOG_LEVEL: 'info' }, logStream });
    try {
      const token = 'mailed-secret-0123456789';
      for (const url of [
        `/api/activate.php?token=${token}`,
        `/api/email_change_undo.php?token=${token}`,
        `/reset-password/do?token=${token}&reason=email-change-incorrect`,
        `/mail-change/do?Token=${token}`,
        '/api/validate_email.php?email=anna%40example.test',
        '/api/geocode.php?lat=52.3731&lon=4.8922',
      ]) {
        await t.app.inject(url);
      }
      const logged = lines
        .map((line) => JSON.parse(line) as { req?: { url: string } })
        .flatMap((entry) => (entry.req ? [entry.req.url] : []));
      expect(logged).toEqual([
        '/api/activate.php?token=redacted',
        '/api/email_change_undo.php?token=redacted',
        '/reset-password/do?token=redacted&reason=email-change-incorrect',
        '/mail-change/do?Token=redacted',
        '/api/validate_email.php?email=redacted',
        '/api/geocode.php?lat=redacted&lon=redacted',
      ]);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).not.toContain('anna');
      expect(lines.join('\n')).not.toContain('52.3731');
    } finally {
      await t.close();
    }
  });
});
