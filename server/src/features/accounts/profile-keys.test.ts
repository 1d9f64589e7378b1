import { VALIDATION } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  sessionCookies,
  TEST_PASSWORD,
  testSiteConfig,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/** Names every object inherits: read through the prototype they looked like site fields. */
const INHERITED_KEYS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'toLocaleString',
  '__proto__',
  '__defineGetter__',
];

/**
 * The field an error names: the profile check names its fields bare, as the forms know them;
 * `__proto__` is refused at the edge, before any route, under its full path.
 */
const fieldOf = (key: string, path: string) => (key === '__proto__' ? `${path}.${key}` : key);

/** JSON with the key written out: an object literal with `__proto__` would set the prototype instead. */
const withKey = (key: string, inside: 'profile' | 'personal') => {
  const entry = `${JSON.stringify(key)}: "yes"`;
  return inside === 'profile' ? `{ ${entry} }` : `{ "personal": { ${entry} } }`;
};

describe.each(TEST_DIALECTS)('profile field names on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let memberId: number;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.database.db
      .updateTable('sites')
      .set({
        config: JSON.stringify(
          testSiteConfig('localhost', {
            visible_profile_notes: ['about_me'],
            allowed_values: { smoking: ['no', 'yes'] },
          }),
        ),
      })
      .where('id', '=', t.siteId)
      .execute();
    memberId = await insertMember(t.database.db, t.siteId, { personal: JSON.stringify({ smoking: 'no' }) });
    cookies = await sessionCookies(t.database.db, memberId);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, json: string, withCookies = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...browserHeaders(withCookies), 'content-type': 'application/json' },
      payload: json,
    });
  const personalOf = async () =>
    (await t.database.db.selectFrom('members').select('personal').where('id', '=', memberId).executeTakeFirstOrThrow())
      .personal;

  it.each(INHERITED_KEYS)('refuses %s as a sign-up profile field with 400 naming it', async (key) => {
    const email = `key-${key.replaceAll('_', '')}@example.test`;
    const response = await send(
      'POST',
      '/api/user.php?new=1',
      `{ "email": "${email}", "password": "${TEST_PASSWORD}", "profile": ${withKey(key, 'profile')} }`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ [fieldOf(key, 'profile')]: VALIDATION.unknownField });
    const stored = await t.database.db.selectFrom('members').select('id').where('email', '=', email).execute();
    expect(stored).toEqual([]);
  });

  it.each(INHERITED_KEYS)('refuses %s as a profile field and a personal answer, changing nothing', async (key) => {
    const before = await personalOf();
    for (const inside of ['profile', 'personal'] as const) {
      const response = await send('PUT', '/api/user.php', `{ "profile": ${withKey(key, inside)} }`, cookies);
      expect(response.statusCode).toBe(400);
      const path = inside === 'profile' ? 'profile' : 'profile.personal';
      expect(response.json().error.fields).toEqual({ [fieldOf(key, path)]: VALIDATION.unknownField });
    }
    expect(await personalOf()).toBe(before);
  });

  it('refuses a field the site does not have, naming it, and still saves known ones', async () => {
    const unknown = await send('PUT', '/api/user.php', '{ "profile": { "hair": "red" } }', cookies);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ hair: VALIDATION.unknownField });
    const known = await send('PUT', '/api/user.php', '{ "profile": { "personal": { "about_me": "Hi" } } }', cookies);
    expect(known.statusCode).toBe(200);
    expect(JSON.parse(await personalOf())).toEqual({ smoking: 'no', about_me: 'Hi' });
  });
});
