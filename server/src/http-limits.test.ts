import net from 'node:net';
import { EVENTS_PATH } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus, type EventBus } from './realtime/event-bus.js';
import { JSON_BODY_LIMIT_BYTES } from './http-limits.js';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from './test/fixtures.js';
import { openEventStream } from './test/sse-client.js';
import { TEST_DIALECTS } from './test/test-database.js';

const REQUEST_TIMEOUT_MS = 300;

/** Sends `start`, then one more byte at a time; resolves with all the server said once it hangs up. */
function trickle(port: number, start: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const drip = setInterval(() => socket.write('x'), REQUEST_TIMEOUT_MS / 10);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    // The server hanging up while a byte is on its way is the end we wait for; `close` follows.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(drip);
      resolve(answer);
    });
    socket.write(start);
  });
}

const requestHead = (headers: Record<string, string>) =>
  `POST /api/likes.php HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}`;

describe.each(TEST_DIALECTS)('request limits on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let events: EventBus;
  let session: Record<string, string>;
  let memberId: number;
  let base: string;
  let port: number;

  beforeAll(async () => {
    events = createMemoryEventBus();
    t = await createTestApp(dialect, { env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }, events });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(base).port);
    memberId = await insertMember(t.database.db, t.siteId, { email: 'slow@example.test' });
    session = browserHeaders({ [SESSION_COOKIE]: await logIn(t.app, 'slow@example.test') });
  });
  afterAll(() => t.close());

  it('cuts off a body sent a byte at a time, while a live events stream stays open', async () => {
    const stream = await openEventStream(`${base}${EVENTS_PATH}`, session);
    try {
      const started = Date.now();
      const head = requestHead({ host: 'localhost', ...session, 'content-type': 'application/json' });
      const answer = await trickle(port, `${head}content-length: 1000\r\n\r\n{"profile":`);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS * 10);

      // Open for far longer than a request may take to arrive, the stream still delivers.
      await events.publish(memberId, { type: 'chats' });
      expect((await stream.next()).event).toBe('chats');
    } finally {
      stream.close();
    }
  });

  it('cuts off headers sent a byte at a time', async () => {
    const answer = await trickle(port, `${requestHead({ host: 'localhost' })}x-slow: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('refuses a JSON body over the limit with 413 in JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify({ profile: 1, padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});
