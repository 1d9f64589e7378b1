import { EVENTS_PATH, type LiveEvent } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS } from '../../http-limits.js';
import { createMemoryEventBus, type EventBus } from '../../realtime/event-bus.js';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../../test/fixtures.js';
import { openEventStream, waitFor, type SseStream } from '../../test/sse-client.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { MAX_STREAMS_PER_MEMBER, RECONNECT_HINT_MS } from './events.routes.js';

describe.each(TEST_DIALECTS)('live events stream on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let events: EventBus;
  let base: string;
  const member = { id: 0, session: '' };
  const other = { id: 0, session: '' };

  beforeAll(async () => {
    events = createMemoryEventBus();
    t = await createTestApp(dialect, { events });
    for (const [who, email] of [
      [member, 'streamer@example.test'],
      [other, 'other@example.test'],
    ] as const) {
      who.id = await insertMember(t.database.db, t.siteId, { email });
      who.session = await logIn(t.app, email);
    }
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  const open = (session: string, extra: Record<string, string> = {}) =>
    openEventStream(`${base}${EVENTS_PATH}`, { ...browserHeaders({ [SESSION_COOKIE]: session }), ...extra });
  const chats: LiveEvent = { type: 'chats' };

  it('answers 403 without a session', async () => {
    const response = await t.app.inject({ url: EVENTS_PATH, headers: browserHeaders() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'not_logged_in' } });
  });

  it("streams the member's events, uncompressed and unbuffered, and none of another member's", async () => {
    const stream = await open(member.session, { 'accept-encoding': 'gzip, br' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('content-encoding')).toBeNull();
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('cache-control')).toContain('no-cache');
      expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");

      await events.publish(other.id, { type: 'like', profile: 5, by_me: false });
      await events.publish(member.id, chats);
      const like: LiveEvent = { type: 'like', profile: other.id, by_me: false };
      await events.publish(member.id, like);

      expect(await stream.next()).toEqual({ event: 'chats', data: JSON.stringify(chats) });
      expect(await stream.next()).toEqual({ event: 'like', data: JSON.stringify(like) });
      expect(stream.messages).toHaveLength(2);
      expect(stream.retry).toBe(RECONNECT_HINT_MS);
    } finally {
      stream.close();
    }
  });

  it('reaches every open tab of the member', async () => {
    const tabs = await Promise.all([open(member.session), open(member.session)]);
    try {
      await events.publish(member.id, chats);
      for (const tab of tabs) expect((await tab.next()).event).toBe('chats');
    } finally {
      for (const tab of tabs) tab.close();
    }
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stream: SseStream | undefined;
    try {
      stream = await open(member.session);
      await waitFor(() => stream!.comments.includes('connected'));
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await waitFor(() => stream!.comments.includes('heartbeat'));
    } finally {
      stream?.close();
      vi.useRealTimers();
    }
  });

  it('ends the stream at the next heartbeat once the session is gone', async () => {
    const leaverId = await insertMember(t.database.db, t.siteId, { email: 'leaver@example.test' });
    const session = await logIn(t.app, 'leaver@example.test');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stream: SseStream | undefined;
    try {
      stream = await open(session);
      await waitFor(() => stream!.comments.includes('connected'));
      // A password change or a logout on another device ends every session of the member.
      await t.database.db.deleteFrom('sessions').where('member_id', '=', leaverId).execute();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await stream.ended;
      expect(stream.comments).not.toContain('heartbeat');
      await waitFor(async () => !(await events.isConnected(leaverId)));
    } finally {
      stream?.close();
      vi.useRealTimers();
    }
  });

  it('stops listening when the tab closes', async () => {
    const stream = await open(other.session);
    await waitFor(() => events.isConnected(other.id));
    stream.close();
    await waitFor(async () => !(await events.isConnected(other.id)));
  });

  it(`refuses more than ${MAX_STREAMS_PER_MEMBER} streams of one member`, async () => {
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_MEMBER }, () => open(other.session)));
    try {
      expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
      const refused = await fetch(`${base}${EVENTS_PATH}`, {
        headers: browserHeaders({ [SESSION_COOKIE]: other.session }),
      });
      expect(refused.status).toBe(429);
      // Another member is not affected.
      const own = await open(member.session);
      expect(own.status).toBe(200);
      own.close();
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('closing the server', () => {
  it('ends the open streams instead of waiting for them', async () => {
    const t = await createTestApp('sqlite');
    try {
      await insertMember(t.database.db, t.siteId, { email: 'closing@example.test' });
      const session = await logIn(t.app, 'closing@example.test');
      const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const stream = await openEventStream(`${base}${EVENTS_PATH}`, browserHeaders({ [SESSION_COOKIE]: session }));
      expect(stream.status).toBe(200);
      await t.app.close();
      await stream.ended;
    } finally {
      await t.database.cleanup();
    }
  });
});
