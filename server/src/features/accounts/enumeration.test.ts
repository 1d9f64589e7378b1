import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserHeaders, createTestAppWithMail, insertMember, type TestAppWithMail } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import {
  EMAIL_CHECKS_PER_ADDRESS_PER_HOUR,
  EMAIL_CHECKS_PER_CLIENT_PER_DAY,
  EMAIL_CHECKS_PER_CLIENT_PER_MINUTE,
} from './email-check.routes.js';

let lastOctet = 0;
const freshClient = () => `198.18.0.${(lastOctet += 1)}`;

describe.each(TEST_DIALECTS)('finding out who has an account on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => vi.useRealTimers());

  const checkEmail = (email: string, remoteAddress: string) =>
    t.app.inject({ url: `/api/validate_email.php?email=${encodeURIComponent(email)}`, remoteAddress });

  it('still tells the sign-up form whether an address is taken', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'member@example.test' });
    const answer = await checkEmail('member@example.test', freshClient());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('active');
  });

  it('limits the checks of one address, from whichever clients they come', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= EMAIL_CHECKS_PER_ADDRESS_PER_HOUR; i += 1) {
      statuses.push((await checkEmail('Watched@example.test ', freshClient())).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const refused = await checkEmail('watched@example.test', freshClient());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
  });

  it('limits one client to a day of checks however slowly it asks, so it cannot list the members', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = freshClient();
    let answered = 0;
    let refused = 0;
    for (let i = 0; i <= EMAIL_CHECKS_PER_CLIENT_PER_DAY; i += 1) {
      // Slow enough never to meet the per-minute limit.
      if (i % EMAIL_CHECKS_PER_CLIENT_PER_MINUTE === 0) vi.setSystemTime(Date.now() + 61_000);
      const status = (await checkEmail(`guess-${i}@example.test`, client)).statusCode;
      if (status === 200) answered += 1;
      if (status === 429) refused += 1;
    }
    expect({ answered, refused }).toEqual({ answered: EMAIL_CHECKS_PER_CLIENT_PER_DAY, refused: 1 });
  });

  it('answers a password reset the same for a member and a stranger, and mails only the member', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'known@example.test' });
    const reset = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password_reset.php',
        headers: browserHeaders(),
        payload: { email },
        remoteAddress: freshClient(),
      });
    const comparable = (response: Awaited<ReturnType<typeof reset>>) => {
      const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
      return { status: response.statusCode, body: response.body, headers };
    };
    const known = await reset('known@example.test');
    const unknown = await reset('unknown@example.test');
    expect(comparable(known)).toEqual(comparable(unknown));
    expect(known.json()).toEqual({ sent: true });
    const mail = await t.smtp.waitForMail('known@example.test');
    expect(mail.text).toMatch(/\/reset-password\/do\?token=/);
  });
});
