import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import { PushEndpointRefused, pushServiceAddress } from './push-endpoint.js';
import { loadVapidKeys } from './vapid-keys.js';
import { createWebPushSender, PUSH_TTL_S } from './web-push-sender.js';

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on localhost: records each request and answers with the status its path names. */
async function startStubPushService() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = Number(/\/status-(\d+)/.exec(request.url!)?.[1] ?? 201);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A name no DNS knows: only the address the sender was given (toStub) can reach the stub.
  const origin = `http://stub-push.test:${(server.address() as AddressInfo).port}`;
  return { received, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A subscription as a browser makes it: a P-256 public key and a 16-byte auth secret. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;

describe.each(TEST_DIALECTS)('web push sender on %s', (dialect) => {
  let database: TestDatabase;
  let stub: Awaited<ReturnType<typeof startStubPushService>>;
  let memberId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    stub = await startStubPushService();
    const siteId = await insertSite(database.db, testSiteConfig('push.test'), true);
    memberId = await insertMember(database.db, siteId);
  });
  afterAll(async () => {
    await stub.close();
    await database.cleanup();
  });

  /** The stub stands in for a push service: tests alone may point the sender at a local address. */
  const toStub = async () => ({ address: '127.0.0.1', family: 4 });

  async function subscribe(path: string, origin = stub.origin) {
    const subscription = browserSubscription(`${origin}${path}`);
    await database.db
      .insertInto('push_subscriptions')
      .values({
        member_id: memberId,
        endpoint: subscription.endpoint,
        subscription: JSON.stringify(subscription),
        created_at: Date.now(),
      })
      .execute();
  }

  it('makes the VAPID keys once and shares them through the database', async () => {
    const noEnv = { publicKey: undefined, privateKey: undefined, subject: undefined };
    const [first, second] = await Promise.all([loadVapidKeys(database.db, noEnv), loadVapidKeys(database.db, noEnv)]);
    expect(first).toEqual(second);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const fromEnv = await loadVapidKeys(database.db, { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:a@b.c' });
    expect(fromEnv).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:a@b.c' });
  });

  it('posts an encrypted, VAPID-signed push and deletes subscriptions that are gone', async () => {
    warnings.length = 0;
    await subscribe('/device/ok');
    await subscribe('/device/status-410');
    await subscribe('/device/status-404');
    await subscribe('/device/status-500');
    const keys = await loadVapidKeys(database.db, { publicKey: undefined, privateKey: undefined, subject: undefined });
    const sender = createWebPushSender({ db: database.db, keys, log, timeoutMs: 2_000, addressOf: toStub });

    await sender.send(
      memberId,
      { title: 'New like', body: 'Liam likes you', url: '/likes', tag: 'like' },
      'help@push.test',
    );

    expect(stub.received.map((request) => request.path).sort()).toEqual([
      '/device/ok',
      '/device/status-404',
      '/device/status-410',
      '/device/status-500',
    ]);
    const ok = stub.received.find((request) => request.path === '/device/ok')!;
    expect(ok.method).toBe('POST');
    expect(ok.headers.ttl).toBe(String(PUSH_TTL_S));
    expect(ok.headers['content-encoding']).toBe('aes128gcm');
    expect(ok.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
    const jwtClaims = JSON.parse(
      Buffer.from(ok.headers.authorization!.split(' ')[1]!.split('.')[1]!, 'base64url').toString(),
    ) as { aud: string; sub: string };
    expect(jwtClaims).toMatchObject({ aud: stub.origin, sub: 'mailto:help@push.test' });
    // Encrypted: the text is nowhere in the body.
    expect(ok.body.length).toBeGreaterThan(0);
    expect(ok.body.toString('latin1')).not.toContain('Liam');

    const left = await database.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(left.map((row) => new URL(row.endpoint).pathname).sort()).toEqual(['/device/ok', '/device/status-500']);
    expect(warnings).toHaveLength(1);
  });

  it('posts nothing to a push service name that resolves to a private address', async () => {
    warnings.length = 0;
    stub.received.length = 0;
    await database.db.deleteFrom('push_subscriptions').execute();
    await subscribe('/fcm/send/rebound', 'https://fcm.googleapis.com');
    const keys = await loadVapidKeys(database.db, { publicKey: undefined, privateKey: undefined, subject: undefined });
    // Production's policy, with DNS answering the stub's loopback address for the push service's name.
    const addressOf = pushServiceAddress(async () => [{ address: '127.0.0.1', family: 4 }]);
    const sender = createWebPushSender({ db: database.db, keys, log, timeoutMs: 2_000, addressOf });

    await sender.send(
      memberId,
      { title: 'New like', body: 'Liam likes you', url: '/likes', tag: 'like' },
      'help@x.test',
    );

    expect(stub.received).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as [{ err: unknown }])[0].err).toBeInstanceOf(PushEndpointRefused);
  });
});
