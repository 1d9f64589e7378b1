import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALE_COOKIE } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertMember, logIn, SESSION_COOKIE } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const ASSET = '/assets/entry-3f9a1c.js';

/** A web build as `npm run build` leaves it, with a server entry that greets whoever the page is for. */
function writeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-web-build-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    `export const buildId = 'build-7f3a';
    export async function handleRequest(request, { web }) {
      const text = web.user ? 'Hello ' + web.user.profile.name : 'Welcome';
      return new Response('<p>' + text + '</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    }`,
  );
  fs.writeFileSync(path.join(dir, 'client', ASSET), 'console.log("app");');
  fs.writeFileSync(path.join(dir, 'client', 'robots.txt'), 'User-agent: *');
  fs.writeFileSync(path.join(dir, 'client', 'sw.js'), 'self.addEventListener("push", () => {});');
  return dir;
}

describe.each(TEST_DIALECTS)('the web app on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let buildDir: string;
  let member: { cookie: string };

  beforeAll(async () => {
    buildDir = writeWebBuild();
    t = await createTestApp(dialect, { web: {}, env: { WEB_BUILD_DIR: buildDir } });
    await insertMember(t.database.db, t.siteId, { email: 'marga@example.test', name: 'Marga' });
    member = { cookie: `${SESSION_COOKIE}=${await logIn(t.app, 'marga@example.test')}` };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it('lets a browser keep a logged-out page only until it asks again, and shared caches not at all', async () => {
    const response = await t.app.inject('/');
    expect(response.body).toContain('Welcome');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    expect(String(response.headers.vary)).toMatch(/Accept-Language/);
  });

  it('keeps the language it detected in the cookie for later visits (spec §9), only when it changed', async () => {
    const first = await t.app.inject({ url: '/', headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    const kept = first.cookies.find((cookie) => cookie.name === LOCALE_COOKIE);
    expect(kept).toMatchObject({ value: 'de', path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });
    // The language switcher rewrites it in the browser.
    expect(kept?.httpOnly).toBeFalsy();

    const later = await t.app.inject({
      url: '/',
      headers: { 'accept-language': 'fr', cookie: `${LOCALE_COOKIE}=de` },
    });
    expect(later.cookies.find((cookie) => cookie.name === LOCALE_COOKIE)).toBeUndefined();
  });

  it('keeps the language a lander was bought for, over the cookie and the browser', async () => {
    const response = await t.app.inject({
      url: '/landers/video/milf-nl',
      headers: { 'accept-language': 'en', cookie: `${LOCALE_COOKIE}=en` },
    });
    expect(response.cookies.find((cookie) => cookie.name === LOCALE_COOKIE)?.value).toBe('nl');
  });

  it('never lets a page rendered for a member be stored', async () => {
    const response = await t.app.inject({ url: '/likes', headers: member });
    expect(response.body).toContain('Hello Marga');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves fingerprinted assets for good and other files for an hour, logged in or not', async () => {
    for (const headers of [{}, member]) {
      const asset = await t.app.inject({ url: ASSET, headers });
      expect(asset.body).toContain('console.log');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const robots = await t.app.inject({ url: '/robots.txt', headers });
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('has the browser ask for the service worker again every time, so a new deployment is noticed', async () => {
    // The address the pages register (spec §7, versioned) and the plain one.
    for (const url of ['/sw.js?v=2', '/sw.js']) {
      const worker = await t.app.inject(url);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
    }
  });

  it('tells an open tab which build is deployed, and that build’s meta, never from a stale cache', async () => {
    const latest = await t.app.inject('/builds/latest.json');
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-cache');
    const build = latest.json<{ id: string; timestamp: string }>();
    expect(build.id).toBe('build-7f3a');
    expect(Number.isNaN(Date.parse(build.timestamp))).toBe(false);
    const meta = await t.app.inject('/builds/meta/build-7f3a.json');
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toEqual(build);
    expect((await t.app.inject('/builds/meta/build-0000.json')).statusCode).toBe(404);
  });

  it('answers an unknown API path in JSON, not with a page, however the path is spelled', async () => {
    for (const url of ['/api/nothing.php', '/%61pi/nothing.php', '//api/nothing.php', '/%5fi18n/x/en/x.json']) {
      const response = await t.app.inject(url);
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        url,
        status: 404,
        type: expect.stringMatching(/application\/json/),
      });
      expect(response.json().error.code).toBe('not_found');
    }
  });
});
