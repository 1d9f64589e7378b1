import { verify } from '@node-rs/argon2';
import { CSRF_HEADER, VALIDATION } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  createTestAppWithMail,
  insertMember,
  insertSite,
  logIn,
  type TestAppWithMail,
  testSiteConfig,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

const PASSWORD = 'a long enough password';

function payload(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${Math.random().toString(36).slice(2)}@example.test`,
    name: 'Ingrid',
    password: PASSWORD,
    timezone: 'Europe/Amsterdam',
    language: 'nl',
    form_path: '/signup',
    ...overrides,
  };
}

describe.each(TEST_DIALECTS)('sign-up on %s', (dialect) => {
  let t: TestAppWithMail;
  let regionNH: number;
  let regionAntwerp: number;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    const regions = await t.database.db
      .insertInto('regions')
      .values([
        { country: 'NL', code: 'NH', name: 'Noord-Holland' },
        { country: 'BE', code: 'VAN', name: 'Antwerpen' },
      ])
      .returning('id')
      .execute();
    regionNH = regions[0]!.id;
    regionAntwerp = regions[1]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  // Each from its own address, so the per-IP sign-up limit (tested below) stays out of the way.
  let visitor = 0;
  const signUp = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: browserHeaders(),
      payload: body,
      remoteAddress: `10.0.0.${(visitor += 1)}`,
    });

  it('creates a member, logs them in and mails the activation link that activates once', async () => {
    const body = payload({
      email: 'Ingrid@Example.test',
      profile: { country: 'NL', region: regionNH, city: 'Haarlem' },
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user.email).toBe('Ingrid@Example.test');
    expect(user.profile).toMatchObject({ name: 'Ingrid', country: 'NL', countryregion: regionNH, city: 'Haarlem' });

    const row = await t.database.db
      .selectFrom('members')
      .selectAll()
      .where('email_normalized', '=', 'ingrid@example.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('not_confirmed');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(row.password_hash!, PASSWORD)).toBe(true);
    expect(row.language).toBe('nl');
    expect(row.timezone).toBe('Europe/Amsterdam');

    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    const cookies = { [SESSION_COOKIE]: session.value };
    const me = await t.app.inject({ url: '/api/user.php', headers: browserHeaders(cookies) });
    expect(me.statusCode).toBe(200);

    const mail = await t.smtp.waitForMail('Ingrid@Example.test');
    expect(mail.subject).toContain('Site localhost');
    const link = /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();

    await expect
      .poll(async () => (await t.app.inject({ url: '/api/activate.php', headers: browserHeaders(cookies) })).json())
      .toEqual({ delivered: true, active: false });

    const path = new URL(link!).pathname + new URL(link!).search;
    const first = await t.app.inject({ url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    const activated = await t.database.db
      .selectFrom('members')
      .select('status')
      .where('id', '=', row.id)
      .executeTakeFirst();
    expect(activated?.status).toBe('active');

    const again = await t.app.inject({ url: path });
    expect(again.headers.location).toBe('/activate/error');
  });

  it('sends a new activation link on request that replaces the old one, until the address is confirmed', async () => {
    const email = `resend-${Math.random().toString(36).slice(2)}@example.test`;
    const response = await signUp(payload({ email }));
    const cookies = { [SESSION_COOKIE]: response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value };
    expect(response.json().email_confirmed).toBe(false);
    const linkIn = (text: string | undefined) =>
      /\/api\/activate\.php\?token=[\w%-]+/.exec(text ?? '')?.[0] ?? 'no link';
    const first = linkIn((await t.smtp.waitForMail(email)).text);

    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/activate.php', headers: browserHeaders(cookies), payload: {} });
    expect((await resend()).json()).toEqual({ sent: true });
    const second = linkIn((await t.smtp.waitForMail(email)).text);
    expect(second).not.toBe(first);

    expect((await t.app.inject({ url: first })).headers.location).toBe('/activate/error');
    expect((await t.app.inject({ url: second })).headers.location).toBe('/activate/done');
    const me = await t.app.inject({ url: '/api/user.php', headers: browserHeaders(cookies) });
    expect(me.json().email_confirmed).toBe(true);

    const confirmed = await resend();
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.code).toBe('already_confirmed');
  });

  it('refuses a new activation mail to a visitor who is not logged in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/activate.php',
      headers: browserHeaders(),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('sends an unknown or forged activation token to the error page', async () => {
    const response = await t.app.inject('/api/activate.php?token=forged-token');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/activate/error');
  });

  it('asks a visitor without a link for a session before it reads the rest of the address', async () => {
    for (const url of ['/api/activate.php', '/api/activate.php?token=', '/api/activate.php?token=&from=%00']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('not_logged_in');
    }
    // With a link the call is anyone's, so the answer names what is wrong with it.
    const withLink = await t.app.inject('/api/activate.php?token=forged-token&from=%00');
    expect(withLink.statusCode).toBe(400);
    expect(withLink.json().error.fields).toEqual({ from: VALIDATION.controlCharacters });
  });

  it('defaults an empty name to the part of the address before @', async () => {
    const response = await signUp(payload({ email: 'willem.de.vries@example.test', name: '' }));
    expect(response.json().profile.name).toBe('willem.de.vries');
  });

  it.each([
    ['an invalid address', { email: 'not-an-address' }, 'email', 'validation.email_invalid'],
    ['a missing address', { email: undefined }, 'email', 'validation.required'],
    ['an address as a number', { email: 42 }, 'email', 'validation.required'],
    ['a name starting with @', { name: '@ingrid' }, 'name', 'signup.name_starts_with_at'],
    [
      'the e-mail as the name',
      { email: 'same@example.test', name: 'Same@Example.test' },
      'name',
      'signup.name_equal_to_email',
    ],
    ['a name over 150 characters', { name: 'x'.repeat(151) }, 'name', 'validation.too_long'],
    ['a short password', { password: 'short' }, 'password', 'validation.password_min'],
    ['an empty password', { password: '' }, 'password', 'validation.required'],
    ['a missing password', { password: undefined }, 'password', 'validation.required'],
    [
      'a referrer over 2000 characters',
      { referrer: `https://x.test/${'r'.repeat(2000)}` },
      'referrer',
      'validation.too_long',
    ],
    ['a form path over 500 characters', { form_path: `/${'p'.repeat(500)}` }, 'form_path', 'validation.too_long'],
    ['a timezone over 64 characters', { timezone: `Europe/${'t'.repeat(64)}` }, 'timezone', 'validation.too_long'],
    [
      'a birth date under 18',
      { profile: { date_of_birth: `${new Date().getFullYear() - 17}-01-01` } },
      'profile.date_of_birth',
      'date_of_birth_error',
    ],
    [
      'a date that does not exist',
      { profile: { date_of_birth: '1960-02-30' } },
      'profile.date_of_birth',
      'date_of_birth_error',
    ],
    [
      'a date with 00 parts',
      { profile: { date_of_birth: '1960-00-12' } },
      'profile.date_of_birth',
      'date_of_birth_error',
    ],
    ['a city over 255 characters', { profile: { city: 'c'.repeat(256) } }, 'profile.city', 'validation.too_long'],
    ['a country the site does not serve', { profile: { country: 'DE' } }, 'country', 'validation.country_invalid'],
  ])('refuses %s with the field and its reason', async (_label, overrides, field, reason) => {
    const before = await t.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await signUp(payload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(reason);
    const after = await t.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    ['the profile as an array', { profile: ['NL', 'Amsterdam'] }, 'profile'],
    ['the profile as a string', { profile: 'NL' }, 'profile'],
    ['the region as a string', { profile: { country: 'NL', region: 'Noord-Holland' } }, 'profile.region'],
    ['the name as an object', { name: { first: 'Ingrid' } }, 'name'],
    ['the traffic source as a list', { trafficsource: ['net7'] }, 'trafficsource'],
  ])('refuses %s with 400 and the field, not a server error', async (_label, overrides, field) => {
    const response = await signUp(payload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields).toHaveProperty([field]);
  });

  it('refuses a sign-up sent without the CSRF header, and creates no account', async () => {
    const headers: Record<string, string> = browserHeaders();
    delete headers[CSRF_HEADER];
    const body = payload();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers,
      payload: body,
      remoteAddress: `10.0.0.${(visitor += 1)}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    const created = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email_normalized', '=', body.email.toLowerCase())
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('refuses a region of another country', async () => {
    const response = await signUp(payload({ profile: { country: 'NL', region: regionAntwerp } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.region).toBe('validation.region_invalid');
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'taken@example.test' });
    const response = await signUp(payload({ email: 'TAKEN@example.test' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBe('validation.email_taken');
  });

  it('answers the e-mail check with each state of spec §4', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'active@example.test', status: 'active' });
    await insertMember(t.database.db, t.siteId, { email: 'waiting@example.test', status: 'not_confirmed' });
    await insertMember(t.database.db, t.siteId, { email: 'gone@example.test', status: 'deleted' });
    await insertMember(t.database.db, t.siteId, { email: 'banned@example.test', status: 'banned' });
    const check = async (email: string) =>
      (await t.app.inject({ url: `/api/validate_email.php?email=${encodeURIComponent(email)}` })).json();
    expect((await check('fresh@example.test')).status).toBe('new');
    expect((await check('Active@example.test')).status).toBe('active');
    expect((await check('waiting@example.test')).status).toBe('not_confirmed');
    expect((await check('gone@example.test')).status).toBe('deleted');
    expect((await check('banned@example.test')).status).toBe('invalid');
    const bad = await check('nonsense');
    expect(bad).toMatchObject({ status: 'invalid', request_email: 'nonsense' });
    expect(bad.token).toEqual(expect.any(String));
  });
});

describe.each(TEST_DIALECTS)('sign-up modes and limits on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    await insertSite(t.database.db, testSiteConfig('partners.localhost', { signups: 'with_trafficsource' }));
    await insertSite(t.database.db, testSiteConfig('invite.localhost', { signups: 'other' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpOn = (host: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user.php?new=1', headers: { ...browserHeaders(), host }, payload: body });

  it('lets visitors from a traffic-source network in, and keeps where they came from', async () => {
    const refused = await signUpOn('partners.localhost', payload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('signups_closed');

    const body = payload({ trafficsource: { network: 'net7', ref: 'r1', sub: 'campaign', sub2: 'b', sub3: 'c' } });
    const accepted = await signUpOn('partners.localhost', body);
    expect(accepted.statusCode).toBe(200);
    const tracking = await t.database.db
      .selectFrom('member_tracking')
      .selectAll()
      .where('member_id', '=', accepted.json().profile.id)
      .executeTakeFirst();
    expect(tracking).toMatchObject({ network: 'net7', ref: 'r1', sub1: 'campaign', sub2: 'b', sub3: 'c' });
  });

  it('refuses sign-ups on an invitation-only site', async () => {
    const response = await signUpOn('invite.localhost', payload({ trafficsource: { network: 'net7' } }));
    expect(response.statusCode).toBe(403);
  });

  it('asks a visitor who sends a push subscription to log in, before reading it or counting it as a sign-up', async () => {
    const remoteAddress = '10.2.0.1';
    const subscription = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: {} });
    const answers = new Set<string>();
    for (const [url, body] of [
      ['/api/user.php?push=1', '{"not json'],
      ['/api/user.php?push=1', ''],
      ['/api/user.php?push=yes', '{}'],
      ['/api/user.php?push=1&new=1', JSON.stringify(payload())],
      // A logged-out tab that keeps trying, more often than one address may sign up in an hour.
      ...Array.from({ length: 11 }, () => ['/api/user.php?push=1', subscription]),
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(), 'content-type': 'application/json' },
        payload: body,
        remoteAddress,
      });
      answers.add(`${response.statusCode} ${response.json().error.code}`);
    }
    expect([...answers]).toEqual(['403 not_logged_in']);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: browserHeaders(),
      payload: payload(),
      remoteAddress,
    });
    expect(signUp.statusCode).toBe(200);
  });

  it('limits sign-ups and e-mail checks from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signUpOn('localhost', payload({ password: 'x' }))).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);

    let limited = 0;
    for (let i = 0; i < 31; i += 1) {
      const response = await t.app.inject(`/api/validate_email.php?email=someone-${i}%40example.test`);
      if (response.statusCode === 429) limited += 1;
    }
    expect(limited).toBe(1);
  });
});

describe.each(TEST_DIALECTS)('the member updates their profile on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookies: Record<string, string>;
  let otherId: number;
  let regionNH: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    regionNH = (
      await t.database.db
        .insertInto('regions')
        .values({ country: 'NL', code: 'NH', name: 'Noord-Holland' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.database.db
      .updateTable('sites')
      .set({
        config: JSON.stringify(
          testSiteConfig('localhost', {
            visible_profile_fields: ['city', 'smoking'],
            visible_profile_notes: ['about_me'],
            allowed_values: { smoking: ['no', 'sometimes', 'yes'] },
          }),
        ),
      })
      .where('id', '=', t.siteId)
      .execute();
    const email = 'updater@example.test';
    await insertMember(t.database.db, t.siteId, { email, name: 'Updater' });
    otherId = await insertMember(t.database.db, t.siteId, { email: 'other@example.test', city: 'Utrecht' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email, password: 'correct horse battery staple' },
    });
    cookies = { [SESSION_COOKIE]: login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value };
  });
  afterAll(() => t.close());

  const put = (body: unknown, withSession = true) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: browserHeaders(withSession ? cookies : {}),
      payload: body as object,
    });

  it('saves the living area', async () => {
    const response = await put({ country: 'NL', countryregion: regionNH, city: 'Zaandam' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ country: 'NL', countryregion: regionNH, city: 'Zaandam' });
  });

  it('saves personal info and about-me texts step by step, keeping earlier answers', async () => {
    await put({ profile: { gender: 'female', date_of_birth: '1958-04-12', smoking: 'no' }, lastSignupStep: 4 });
    const response = await put({
      profile: { personal: { about_me: 'I love long walks by the sea.' } },
      lastSignupStep: 5,
    });
    expect(response.json().profile).toMatchObject({
      gender: 'female',
      date_of_birth: '1958-04-12',
      personal: { smoking: 'no', about_me: 'I love long walks by the sea.' },
    });
  });

  it('clears the birth date when the member continues without personal info', async () => {
    const response = await put({ profile: { date_of_birth: null }, lastSignupStep: 4 });
    expect(response.json().profile.date_of_birth).toBeNull();
  });

  it.each([
    [{ country: 'XX' }, 'country'],
    [{ country: 'DE' }, 'country'],
    [{ profile: { smoking: 'cigars' } }, 'smoking'],
    [{ profile: { hobby: 'x' } }, 'hobby'],
    [{ profile: { gender: 'other' } }, 'profile.gender'],
  ])('refuses %j with the field at fault', async (body, field) => {
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
  });

  it('needs a session, and only ever changes the session member', async () => {
    expect((await put({ country: 'NL' }, false)).statusCode).toBe(403);
    await put({ country: 'BE', city: 'Gent' });
    const other = await t.database.db
      .selectFrom('members')
      .select(['city', 'country'])
      .where('id', '=', otherId)
      .executeTakeFirst();
    expect(other).toEqual({ city: 'Utrecht', country: null });
  });

  it('refuses push endpoints that are not https at a known push service', async () => {
    const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };
    for (const endpoint of [
      // Five, under the sign-up call's per-address limit; push-endpoint.test.ts has the full list.
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1:6379/',
      'https://localhost/abc',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1.nip.io/abc',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        headers: browserHeaders(cookies),
        payload: { endpoint, keys },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.fields, endpoint).toHaveProperty('endpoint');
    }
    const stored = await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(stored).toEqual([]);
  });

  it('stores a push subscription on the account', async () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: browserHeaders(cookies),
      payload: subscription,
    });
    expect(response.statusCode).toBe(200);
    const member = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email_normalized', '=', 'updater@example.test')
      .executeTakeFirstOrThrow();
    const devices = () =>
      t.database.db.selectFrom('push_subscriptions').select(['member_id', 'endpoint', 'subscription']).execute();
    expect(await devices()).toEqual([
      { member_id: member.id, endpoint: subscription.endpoint, subscription: expect.any(String) },
    ]);
    expect(JSON.parse((await devices())[0]!.subscription)).toMatchObject(subscription);

    // The same device again (keys renewed) stays one row; another member logging in on it takes it over.
    const renewed = { ...subscription, keys: { ...subscription.keys, auth: 'b'.repeat(22) } };
    await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: browserHeaders(cookies),
      payload: renewed,
    });
    expect(await devices()).toHaveLength(1);
    expect(JSON.parse((await devices())[0]!.subscription)).toMatchObject(renewed);
    const takerId = await insertMember(t.database.db, t.siteId, { email: 'other-device@example.test' });
    const otherCookies = { [SESSION_COOKIE]: await logIn(t.app, 'other-device@example.test') };
    // Someone else cannot remove this member's device by naming its endpoint.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php?push=1',
      headers: browserHeaders(otherCookies),
      payload: { endpoint: subscription.endpoint },
    });
    expect(foreign.statusCode).toBe(200);
    expect(await devices()).toHaveLength(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: browserHeaders(otherCookies),
      payload: subscription,
    });
    expect((await devices()).map((row) => row.member_id)).toEqual([takerId]);

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php?push=1',
      headers: browserHeaders(otherCookies),
      payload: { endpoint: subscription.endpoint },
    });
    expect(off.statusCode).toBe(200);
    expect(await devices()).toEqual([]);
    const offBad = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php?push=1',
      headers: browserHeaders(otherCookies),
      payload: { endpoint: 'nope' },
    });
    expect(offBad.statusCode).toBe(400);
    expect(offBad.json().error.fields).toHaveProperty('endpoint');
    const offLoggedOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php?push=1',
      headers: browserHeaders(),
      payload: { endpoint: subscription.endpoint },
    });
    expect(offLoggedOut.statusCode).toBe(403);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: browserHeaders(cookies),
      payload: { endpoint: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: browserHeaders(),
      payload: subscription,
    });
    expect(loggedOut.statusCode).toBe(403);
  });
});

describe.each(TEST_DIALECTS)('closing the server on %s', (dialect) => {
  it('first sends and records the activation mail of a sign-up that came just before', async () => {
    const t = await createTestAppWithMail(dialect);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        headers: browserHeaders(),
        payload: payload(),
      });
      expect(response.statusCode).toBe(200);
      await t.app.close();
      const deliveries = await t.database.db.selectFrom('mail_deliveries').select(['kind', 'accepted']).execute();
      expect(deliveries).toEqual([{ kind: 'activation', accepted: 1 }]);
      expect(t.smtp.messages).toHaveLength(1);
    } finally {
      await t.database.cleanup();
      await t.smtp.close();
    }
  });
});
