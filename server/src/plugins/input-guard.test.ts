import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../ledger/credit-ledger.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies, TEST_PASSWORD } from '../test/fixtures.js';
import { TEST_DIALECTS } from '../test/test-database.js';

const REFUSED = 'validation.control_characters';

describe.each(TEST_DIALECTS)('control characters in input on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const signUp = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/user.php?new=1', headers: browserHeaders(), payload });
  const expectRefused = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { [field]: REFUSED } } });
  };

  it.each(['\u0000', '\u0007', '\u001b', '\u009b'])('refuses %j in the sign-up name', async (character) => {
    const response = await signUp({ email: 'ctrl@example.test', password: TEST_PASSWORD, name: `Ann${character}` });
    expectRefused(response, 'name');
    const stored = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email_normalized', '=', 'ctrl@example.test')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a NUL in the city of a sign-up profile and of a location update', async () => {
    const response = await signUp({
      email: 'city@example.test',
      password: TEST_PASSWORD,
      profile: { country: 'NL', city: 'Utr\u0000echt' },
    });
    expectRefused(response, 'profile.city');

    const cookies = await sessionCookies(t.database.db, await insertMember(t.database.db, t.siteId));
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: browserHeaders(cookies),
      payload: { country: 'NL', city: 'Utr\u0000echt' },
    });
    expectRefused(moved, 'city');
  });

  it('refuses a NUL in a query parameter', async () => {
    expectRefused(await t.app.inject({ url: '/api/validate_email.php?email=a%00b%40example.test' }), 'email');
  });

  it('refuses a NUL or a bell in a chat message, and keeps line breaks and tabs', async () => {
    const senderId = await insertMember(t.database.db, t.siteId);
    await grant(t.database.db, senderId, 100, 'purchase');
    const receiverId = await insertMember(t.database.db, t.siteId, { name: 'Bea', city: 'Utrecht' });
    const headers = {
      ...browserHeaders(await sessionCookies(t.database.db, senderId)),
      'sec-fetch-site': 'same-origin',
    };
    const started = await t.app.inject({ url: `/api/chat.php?profile=${receiverId}`, headers });
    expect(started.statusCode).toBe(200);
    const id = started.json<{ id: number }>().id;
    const send = (body: string) =>
      t.app.inject({ method: 'POST', url: '/api/messages.php', headers, payload: { conversation: id, body } });

    expectRefused(await send('Hi\u0000there'), 'body');
    expectRefused(await send('Hi\u0007there'), 'body');
    const sent = await send('Hi Bea,\n\tsee you\r\nsoon');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: { body: 'Hi Bea,\n\tsee you\r\nsoon' } });
  });
});
