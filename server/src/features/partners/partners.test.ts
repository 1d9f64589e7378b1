import { CamsSearchResponseSchema, WEBCAM_ADS_AFTER_SIGNUP_MS, type SiteConfig } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMember } from '../../db/schema.js';
import { browserHeaders, createTestApp, insertMember, TEST_PASSWORD, testSiteConfig } from '../../test/fixtures.js';
import { startTestCamsFeed, type TestCamsFeed } from '../../test/test-cams-feed.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import type { DialectName } from '../../db/dialect.js';
import { DAY_MS } from '../../lib/time.js';

const RESELLING = { member_resell: ['cams', 'camads'] } satisfies Partial<SiteConfig>;
const PARTNER_IMAGES = 'https://img.partner.example';

/** The test app with its default site (localhost) reselling cams; boxy.localhost resells nothing. */
async function createPartnersApp(dialect: DialectName, env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(dialect, { env });
  // Before the first request, so the site cache reads this config.
  await t.database.db
    .updateTable('sites')
    .set({ config: JSON.stringify(testSiteConfig('localhost', RESELLING)) })
    .where('id', '=', t.siteId)
    .execute();

  let visitor = 0;
  /** A logged-in member's headers on `host`; by default one who sees webcam ads (free, joined 10 days ago). */
  async function member(overrides: Partial<NewMember> = {}, host = 'localhost') {
    const email = `member-${Math.random().toString(36).slice(2)}@example.test`;
    const siteId = host === 'localhost' ? t.siteId : t.boxySiteId;
    const id = await insertMember(t.database.db, siteId, { email, signup_at: Date.now() - 10 * DAY_MS, ...overrides });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { host, ...browserHeaders() },
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: `10.1.0.${(visitor += 1)}`,
    });
    expect(login.statusCode).toBe(200);
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    return { id, headers: { host, ...browserHeaders(cookies) } };
  }
  return { ...t, member };
}

describe.each(TEST_DIALECTS)('partner calls with the built-in demo partners on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createPartnersApp>>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createPartnersApp(dialect);
    ({ headers } = await t.member());
  });
  afterAll(() => t.close());

  const search = (query: string, requestHeaders = headers) =>
    t.app.inject({ url: `/api/xcams/search.php${query}`, headers: requestHeaders });

  it('lists fictional performers keyed by account, within the filters, online first', async () => {
    const response = await search('?gender=female&min_age=30&max_age=60');
    expect(response.statusCode).toBe(200);
    // Only members see webcam ads, and nothing made for a member is stored (plugins/cache-policy.ts).
    expect(response.headers['cache-control']).toBe('no-store');
    const { cams } = CamsSearchResponseSchema.parse(response.json());
    const items = Object.values(cams);
    expect(items.length).toBeGreaterThan(5);
    for (const [account, cam] of Object.entries(cams)) {
      expect(cam.account).toBe(account);
      expect(cam.gender).toBe('female');
      expect(cam.age).toBeGreaterThanOrEqual(30);
      expect(cam.age).toBeLessThanOrEqual(60);
      expect(cam.thumbnail_url).toMatch(/^data:image\/svg\+xml,/);
    }
    const firstOffline = items.findIndex((cam) => !cam.online);
    expect(firstOffline === -1 || items.slice(firstOffline).every((cam) => !cam.online)).toBe(true);

    const everyone = CamsSearchResponseSchema.parse((await search('')).json()).cams;
    expect(new Set(Object.values(everyone).map((cam) => cam.gender))).toEqual(new Set(['female', 'male']));
    // The demo sites are for members of 40 and over; their ads are not decades younger (issue 21).
    expect(Math.min(...Object.values(everyone).map((cam) => cam.age))).toBeGreaterThanOrEqual(40);
  });

  it('refuses filters out of range with the fields named', async () => {
    const response = await search('?gender=other&min_age=17&max_age=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed' });
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['gender', 'max_age', 'min_age']);

    const reversed = await search('?min_age=60&max_age=30');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty('max_age');
  });

  it('is for logged-in members only', async () => {
    const response = await search('', browserHeaders());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('not_logged_in');
  });

  it('answers 404 on a site that resells no cams', async () => {
    const boxy = await t.member({}, 'boxy.localhost');
    const response = await search('', boxy.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('cams_not_offered');
  });

  it('answers 403 to members who are shown no webcam ads: paying, or joined 4 days ago or less', async () => {
    const paying = await t.member({ paid_user: 1 });
    const almostFourDays = await t.member({ signup_at: Date.now() - WEBCAM_ADS_AFTER_SIGNUP_MS + 60_000 });
    const justOverFourDays = await t.member({ signup_at: Date.now() - WEBCAM_ADS_AFTER_SIGNUP_MS - 60_000 });
    for (const refused of [paying, almostFourDays]) {
      const response = await search('', refused.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('cams_not_eligible');
    }
    expect((await search('', justOverFourDays.headers)).statusCode).toBe(200);
  });

  it('redirects a cam click to the demo partner page with the site and the member’s traffic source', async () => {
    const tracked = await t.member();
    await t.database.db
      .insertInto('member_tracking')
      .values({
        member_id: tracked.id,
        network: 'adnet',
        ref: 'r1',
        sub1: 's 1',
        sub2: null,
        sub3: null,
        created_at: 0,
      })
      .execute();
    const [account] = Object.keys(CamsSearchResponseSchema.parse((await search('?gender=male')).json()).cams);

    const response = await t.app.inject({
      url: `/api/xcams/redirect.php?account=${account}`,
      headers: tracked.headers,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBe(
      `/api/partners/demo.php?partner=cams&account=${account}&site=localhost&network=adnet&ref=r1&sub1=s+1`,
    );

    const page = await t.app.inject({ url: response.headers.location! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<td>${account}</td>`);
    expect(page.body).toContain('<td>adnet</td>');
  });

  it('redirects only to accounts the partner offers, never to an address from the request', async () => {
    const unknown = await t.app.inject({ url: '/api/xcams/redirect.php?account=Nobody_XX', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('cam_not_found');

    for (const account of ['https://evil.example', '//evil.example', '../x', '']) {
      const response = await t.app.inject({
        url: `/api/xcams/redirect.php?account=${encodeURIComponent(account)}`,
        headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('account');
      expect(response.headers.location).toBeUndefined();
    }

    const loggedOut = await t.app.inject({ url: '/api/xcams/redirect.php?account=Ingrid_NL' });
    expect(loggedOut.statusCode).toBe(403);
  });

  it('sends a partner ad click, from a visitor too, to the demo resell partner with the site', async () => {
    const response = await t.app.inject({ url: '/api/resellpartner.php?flow=profile-search&redirect=1' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/api/partners/demo.php?partner=resell&flow=profile-search&site=localhost');

    const link = await t.app.inject({ url: '/api/resellpartner.php?flow=profile-search' });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ url: response.headers.location });

    const unknownFlow = await t.app.inject({ url: '/api/resellpartner.php?flow=chat&redirect=1' });
    expect(unknownFlow.statusCode).toBe(400);
    expect(unknownFlow.json().error.fields).toHaveProperty('flow');
  });

  it('shows request values on the demo page as text only', async () => {
    const page = await t.app.inject({
      url: `/api/partners/demo.php?partner=cams&account=${encodeURIComponent('<script>alert(1)</script>')}`,
    });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe.each(TEST_DIALECTS)('partner calls with configured partners on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createPartnersApp>>;
  let feed: TestCamsFeed;
  let headers: Record<string, string>;
  const performers = [
    {
      username: 'Ingrid_NL',
      display_name: 'Ingrid',
      age: 52,
      gender: 'female',
      country: 'NL',
      image_url: `${PARTNER_IMAGES}/ingrid.jpg`,
      online: true,
    },
    {
      username: 'Anton_DE',
      display_name: 'Anton',
      age: 61,
      gender: 'male',
      image_url: `${PARTNER_IMAGES}/anton.jpg`,
      online: false,
    },
  ];

  beforeAll(async () => {
    feed = await startTestCamsFeed({ body: { performers } });
    t = await createPartnersApp(dialect, {
      CAMS_FEED_URL: feed.url,
      CAMS_IMAGE_ORIGINS: PARTNER_IMAGES,
      CAMS_REDIRECT_URL: 'https://cams.partner.example/live/{account}?campaign=rv',
      RESELL_PARTNER_URL: 'https://partner.example/go?src=rv',
    });
    ({ headers } = await t.member());
  });
  afterAll(async () => {
    await t.close();
    await feed.close();
  });

  it('searches the partner feed with the member’s filters and lets the page load its images', async () => {
    const response = await t.app.inject({ url: '/api/xcams/search.php?gender=female&min_age=40', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cams: {
        Ingrid_NL: {
          account: 'Ingrid_NL',
          name: 'Ingrid',
          age: 52,
          gender: 'female',
          country: 'NL',
          thumbnail_url: `${PARTNER_IMAGES}/ingrid.jpg`,
          online: true,
        },
      },
    });
    expect(feed.requests.at(-1)?.search).toBe('?gender=female&min_age=40');
    expect(response.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/img\.partner\.example/);
  });

  it('tells the pages a webcam feed is there', async () => {
    const settings = await t.app.inject({ url: '/api/settings.php' });
    expect(settings.json().cams_feed).toBe(true);
  });

  it('redirects to the configured partner address with the account and tracking', async () => {
    const response = await t.app.inject({ url: '/api/xcams/redirect.php?account=Anton_DE', headers });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://cams.partner.example/live/Anton_DE?campaign=rv&site=localhost');

    const partner = await t.app.inject({ url: '/api/resellpartner.php?flow=profile-search&redirect=1' });
    expect(partner.headers.location).toBe('https://partner.example/go?src=rv&flow=profile-search&site=localhost');
  });

  it('answers 503 without the partner’s details when the feed fails', async () => {
    feed.answer({ status: 500, body: { error: 'down' } });
    // Filters no earlier test used, so the cache does not answer for the partner.
    const response = await t.app.inject({ url: '/api/xcams/search.php?gender=male&max_age=99', headers });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('partner_unavailable');
    expect(response.body).not.toContain('down');
  });
});

describe.each(TEST_DIALECTS)('partner calls in production without partners on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createPartnersApp>>;

  beforeAll(async () => {
    t = await createPartnersApp(dialect, { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) });
  });
  afterAll(() => t.close());

  it('says no partner is configured instead of showing fictional cams or a demo page', async () => {
    const { headers } = await t.member();
    for (const url of [
      '/api/xcams/search.php',
      '/api/xcams/redirect.php?account=Ingrid_NL',
      '/api/resellpartner.php?flow=profile-search&redirect=1',
    ]) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error.code, url).toBe('partner_not_configured');
    }
    expect((await t.app.inject({ url: '/api/partners/demo.php?partner=cams' })).statusCode).toBe(404);
  });

  it('tells the pages there is no webcam feed, so the search page does not ask for performers', async () => {
    const settings = await t.app.inject({ url: '/api/settings.php' });
    expect(settings.json().cams_feed).toBe(false);
  });
});
