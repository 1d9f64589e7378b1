import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { browserHeaders, createTestApp, type TestApp } from '../test/fixtures.js';

const redisUrl = inject('redisUrl');

/** Login is limited per client address; unknown addresses keep the per-account throttle out of it. */
const tryLogin = (node: TestApp, remoteAddress: string, attempt: number) =>
  node.app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: browserHeaders(),
    payload: { email: `guess-${attempt}@example.test`, password: 'guess' },
    remoteAddress,
  });

/** How many logins one address gets through on a node before it is refused. */
async function loginsUntilRefused(node: TestApp, remoteAddress: string): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await tryLogin(node, remoteAddress, attempt);
    if (response.statusCode === 429) {
      expect(response.json().error.code).toBe('rate_limited');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      return attempt;
    }
    expect(response.statusCode).toBe(401);
  }
  throw new Error('never refused');
}

describe('rate limits across nodes', () => {
  let nodes: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    nodes = [];
  });

  it('keeps the count in each process without Redis', async () => {
    nodes = [await createTestApp('sqlite'), await createTestApp('sqlite')];
    const [first, second] = nodes;
    expect(await loginsUntilRefused(first!, '198.51.100.1')).toBeGreaterThan(0);
    expect((await tryLogin(second!, '198.51.100.1', 0)).statusCode).toBe(401);
  });

  // Global setup has already said why when Redis is absent (and failed the run under CI).
  it.skipIf(!redisUrl)('shares one count between nodes on one Redis', async () => {
    // Its own keys: other test runs may share the Redis, and a window outlives a run.
    const redisKeyPrefix = `rv-test-${randomBytes(4).toString('hex')}:`;
    const onRedis = () => createTestApp('sqlite', { env: { REDIS_URL: redisUrl! }, redisKeyPrefix });
    nodes = [await onRedis(), await onRedis()];
    const [first, second] = nodes;
    const allowed = await loginsUntilRefused(first!, '198.51.100.2');
    expect(allowed).toBeGreaterThan(0);
    const refused = await tryLogin(second!, '198.51.100.2', allowed + 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await tryLogin(second!, '198.51.100.3', 0)).statusCode).toBe(401);
  });
});
