import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  createTestAppWithMail,
  insertMember,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const ADDRESS_B = '198.51.100.20';
/** Each test guesses from its own address, clear of the other tests' per-address limit. */
let lastOctet = 10;
const freshAddress = () => `203.0.113.${(lastOctet += 1)}`;

const redisUrl = inject('redisUrl');
/** Counted in process; and on Redis, where every node counts, when this run has one. */
const COUNTERS = redisUrl ? (['in process', 'on Redis'] as const) : (['in process'] as const);
/** A Redis key prefix of the test's own, as one deployment's nodes share theirs. */
const redisPrefix = () => `rv-test-${randomBytes(4).toString('hex')}:`;

describe.each(TEST_DIALECTS.flatMap((dialect) => COUNTERS.map((counter) => [dialect, counter] as const)))(
  'login throttling on %s, counted %s',
  (dialect, counter) => {
    let t: TestAppWithMail;

    beforeAll(async () => {
      t =
        counter === 'on Redis'
          ? await createTestAppWithMail(dialect, { env: { REDIS_URL: redisUrl! }, redisKeyPrefix: redisPrefix() })
          : await createTestAppWithMail(dialect);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(() => vi.useRealTimers());

    const logIn = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: browserHeaders(),
        payload: { email, password },
        remoteAddress,
      });
    const guess = (email: string, remoteAddress: string) => logIn(email, 'not the password', remoteAddress);
    /** Lets the clock run on without waiting: only Date moves, so timers and I/O behave as usual. */
    const passSeconds = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

    it('never lets wrong passwords from one address keep the owner out from another', async () => {
      const ADDRESS_A = freshAddress();
      const email = 'owner@example.test';
      await insertMember(t.database.db, t.siteId, { email });
      for (let i = 0; i < 12; i += 1) expect([401, 429]).toContain((await guess(email, ADDRESS_A)).statusCode);
      expect((await guess(email, ADDRESS_A)).statusCode).toBe(429);

      const owner = await logIn(email, TEST_PASSWORD, ADDRESS_B);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().email).toBe(email);
    });

    it('makes one address wait longer after each further wrong password', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const ADDRESS_A = freshAddress();
      const email = 'guessed@example.test';
      await insertMember(t.database.db, t.siteId, { email });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await guess(email, ADDRESS_A)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);

      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const refused = await logIn(email, TEST_PASSWORD, ADDRESS_A);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('rate_limited');
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        passSeconds(wait);
        expect((await guess(email, ADDRESS_A)).statusCode).toBe(401);
      }
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[1]).toBeGreaterThan(waits[0]!);
      expect(waits[2]).toBeGreaterThan(waits[1]!);
    });

    it('answers an unknown address the same way, so the wait tells nothing about membership', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await guess('nobody-here@example.test', address)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('lifts the wait once the password is reset', async () => {
      const ADDRESS_A = freshAddress();
      const email = 'resetter@example.test';
      await insertMember(t.database.db, t.siteId, { email });
      for (let i = 0; i < 6; i += 1) await guess(email, ADDRESS_A);
      expect((await logIn(email, TEST_PASSWORD, ADDRESS_A)).statusCode).toBe(429);

      await t.app.inject({
        method: 'POST',
        url: '/api/password_reset.php',
        headers: browserHeaders(),
        payload: { email },
        remoteAddress: ADDRESS_A,
      });
      const mail = await t.smtp.waitForMail(email);
      const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text ?? '')![1]!);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/password_reset_confirm.php',
        headers: browserHeaders(),
        payload: { token, password: 'a fresh new password' },
        remoteAddress: ADDRESS_A,
      });
      expect(reset.statusCode).toBe(200);
      expect((await logIn(email, 'a fresh new password', ADDRESS_A)).statusCode).toBe(200);
    });
  },
);

describe.skipIf(!redisUrl)('login throttling across two nodes on one Redis', () => {
  it('adds up the wrong passwords one address spreads over the nodes', async () => {
    const redisKeyPrefix = redisPrefix();
    const nodes = [
      await createTestApp('sqlite', { env: { REDIS_URL: redisUrl! }, redisKeyPrefix }),
      await createTestApp('sqlite', { env: { REDIS_URL: redisUrl! }, redisKeyPrefix }),
    ];
    try {
      const guessAt = async (node: number) =>
        (
          await nodes[node]!.app.inject({
            method: 'POST',
            url: '/api/login.php',
            headers: browserHeaders(),
            payload: { email: 'spread@example.test', password: 'not the password' },
            remoteAddress: '203.0.113.250',
          })
        ).statusCode;
      const statuses = [await guessAt(0), await guessAt(1), await guessAt(0), await guessAt(1), await guessAt(0)];
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(await guessAt(1)).toBe(429);
      expect(await guessAt(0)).toBe(429);
    } finally {
      for (const node of nodes) await node.close();
    }
  });
});
