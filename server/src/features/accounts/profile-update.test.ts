import { VALIDATION, type ErrorBody, type User } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, logIn, testSiteConfig } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

/** PUT /api/user.php as the /profile page sends it: one section at a time, without a sign-up step. */
describe.each(TEST_DIALECTS)('saving the profile from the profile page on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let session: string;
  let memberId: number;
  let otherId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.database.db
      .updateTable('sites')
      .set({
        config: JSON.stringify(
          testSiteConfig('localhost', {
            visible_profile_fields: ['city', 'smoking'],
            visible_profile_notes: ['about_me', 'looking_for'],
            allowed_values: { smoking: ['no', 'sometimes', 'yes'] },
          }),
        ),
      })
      .where('id', '=', t.siteId)
      .execute();
    memberId = await insertMember(t.database.db, t.siteId, {
      email: 'editor@example.test',
      name: 'Editor',
      gender: 'female',
      date_of_birth: '1956-03-02',
      personal: JSON.stringify({ smoking: 'no', about_me: 'Walks by the sea.', looking_for: 'Company.' }),
    });
    otherId = await insertMember(t.database.db, t.siteId, {
      email: 'bystander@example.test',
      name: 'Bystander',
      personal: JSON.stringify({ smoking: 'yes', about_me: 'Not yours to change.' }),
    });
    session = await logIn(t.app, 'editor@example.test');
  });
  afterAll(() => t.close());

  const put = (body: object, withSession = true) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: browserHeaders(withSession ? { [SESSION_COOKIE]: session } : {}),
      payload: body,
    });
  const rowOf = (id: number) =>
    t.database.db
      .selectFrom('members')
      .select(['name', 'gender', 'date_of_birth', 'personal'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('saves the name, gender, birth date and choices without a sign-up step', async () => {
    const response = await put({
      profile: { name: 'Els', gender: 'female', date_of_birth: '1957-08-09', smoking: 'sometimes' },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as User).profile).toMatchObject({
      name: 'Els',
      gender: 'female',
      date_of_birth: '1957-08-09',
      personal: { smoking: 'sometimes', about_me: 'Walks by the sea.', looking_for: 'Company.' },
    });
  });

  it('clears a choice sent as null and a gender and birth date sent as null', async () => {
    const response = await put({ profile: { gender: null, date_of_birth: null, smoking: null } });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json() as User;
    expect(profile).toMatchObject({ gender: null, date_of_birth: null });
    expect(profile.personal).toEqual({ about_me: 'Walks by the sea.', looking_for: 'Company.' });
  });

  it('changes one about-me text and removes one sent empty, keeping the choices', async () => {
    await put({ profile: { smoking: 'no' } });
    const response = await put({ profile: { personal: { about_me: '  Dancing on Sundays.  ', looking_for: '' } } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as User).profile.personal).toEqual({ smoking: 'no', about_me: 'Dancing on Sundays.' });
    expect(JSON.parse((await rowOf(memberId)).personal)).toEqual({ smoking: 'no', about_me: 'Dancing on Sundays.' });
  });

  it.each([
    [{ profile: { name: '' } }, 'profile.name', VALIDATION.nameMin],
    [{ profile: { name: '@els' } }, 'profile.name', VALIDATION.nameStartsWithAt],
    [{ profile: { name: 'EDITOR@example.test' } }, 'profile.name', VALIDATION.nameEqualToEmail],
    [{ profile: { name: 'x'.repeat(151) } }, 'profile.name', VALIDATION.tooLong],
    [{ profile: { date_of_birth: '2020-01-01' } }, 'profile.date_of_birth', VALIDATION.dateOfBirth],
    [{ profile: { smoking: 'cigars' } }, 'smoking', VALIDATION.choice],
    [{ profile: { personal: { about_me: 'x'.repeat(2001) } } }, 'profile.personal.about_me', VALIDATION.tooLong],
    [{ country: 'NL', city: 'x'.repeat(256) }, 'city', VALIDATION.tooLong],
  ])('refuses %j with 400: %s is %s, changing nothing', async (body, field, reason) => {
    const before = await rowOf(memberId);
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).error.fields).toEqual({ [field]: reason });
    expect(await rowOf(memberId)).toEqual(before);
  });

  it('needs a session, and never touches another member', async () => {
    const other = await rowOf(otherId);
    expect((await put({ profile: { smoking: null } }, false)).statusCode).toBe(403);
    await put({ profile: { name: 'Els', personal: { about_me: '' } } });
    expect(await rowOf(otherId)).toEqual(other);
  });
});
