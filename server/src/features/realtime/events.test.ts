import { CLIENT_HEADER, EVENTS_PATH, type ChatMessage, type LiveEvent } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS } from '../../http-limits.js';
import { createMemoryEventBus, type EventBus } from '../../realtime/event-bus.js';
import { browserHeaders, createTestApp, insertMember, logIn, SESSION_COOKIE } from '../../test/fixtures.js';
import { openEventStream, waitFor, type SseStream } from '../../test/sse-client.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { grant } from '../../ledger/credit-ledger.js';
import { CATCH_UP_MAX_MESSAGES, MAX_STREAMS_PER_MEMBER, RECONNECT_HINT_MS } from './events.routes.js';

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

  describe('catching up after a drop', () => {
    let conversation: number;
    const headersOf = (session: string) => ({
      ...browserHeaders({ [SESSION_COOKIE]: session }),
      [CLIENT_HEADER]: 'test',
    });
    const send = async (body: string, client_key?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers: headersOf(other.session),
        payload: { conversation, body, ...(client_key ? { client_key } : {}) },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { message: ChatMessage }).message;
    };
    const messageEvents = (stream: SseStream) =>
      stream.messages
        .filter((message) => message.event === 'message')
        .map((message) => ({
          id: message.id,
          message: (JSON.parse(message.data) as { message: ChatMessage }).message,
        }));

    beforeAll(async () => {
      await grant(t.database.db, other.id, 10_000, 'purchase');
      const started = await t.app.inject({
        url: `/api/chat.php?profile=${member.id}`,
        headers: headersOf(other.session),
      });
      expect(started.statusCode).toBe(200);
      conversation = (started.json() as { id: number }).id;
    });

    it('numbers message events by their id, and a reconnect with Last-Event-ID gets what it missed, then live ones', async () => {
      const before = await send('Before the stream opened');
      const first = await open(member.session);
      // A fresh stream starts numbering at the newest message, so a reconnect needs no message first.
      await waitFor(() => first.lastEventId !== undefined);
      expect(Number(first.lastEventId)).toBeGreaterThanOrEqual(before.id);
      const seen = await send('While connected');
      await first.next((message) => message.event === 'message');
      expect(first.lastEventId).toBe(String(seen.id));
      first.close();
      await waitFor(async () => !(await events.isConnected(member.id)));

      const missed = [await send('Missed 1'), await send('Missed 2')];
      const second = await open(member.session, { 'last-event-id': first.lastEventId! });
      try {
        await waitFor(() => messageEvents(second).length === 2);
        expect(messageEvents(second)).toEqual(missed.map((message) => ({ id: String(message.id), message })));
        const live = await send('Live again');
        await waitFor(() => messageEvents(second).length === 3);
        expect(messageEvents(second)[2]).toEqual({ id: String(live.id), message: live });
      } finally {
        second.close();
      }
    });

    it('takes the last id from the query when the page had to open a new stream, and ignores one that is no id', async () => {
      const from = (await send('Before the drop')).id;
      const missed = await send('During the drop');
      const stream = await openEventStream(`${base}${EVENTS_PATH}?last_event_id=${from}`, headersOf(member.session));
      const garbled = await open(member.session, { 'last-event-id': 'yesterday' });
      try {
        await waitFor(() => messageEvents(stream).length === 1);
        expect(messageEvents(stream)[0]!.message).toEqual(missed);
        expect(garbled.status).toBe(200);
        await waitFor(() => garbled.lastEventId !== undefined);
        expect(messageEvents(garbled)).toEqual([]);
      } finally {
        stream.close();
        garbled.close();
      }
    });

    it("never catches up on another member's conversations", async () => {
      const stranger = await insertMember(t.database.db, t.siteId, { email: 'stranger@example.test' });
      const strangerSession = await logIn(t.app, 'stranger@example.test');
      const stream = await open(strangerSession, { 'last-event-id': '0' });
      try {
        await waitFor(() => stream.comments.includes('connected'));
        await send('Not for the stranger');
        await waitFor(() => events.isConnected(stranger));
        expect(messageEvents(stream)).toEqual([]);
      } finally {
        stream.close();
      }
    });

    it('carries a message published twice (a repeated send) once, though the bus has it twice', async () => {
      const stream = await open(member.session);
      const published: number[] = [];
      const unsubscribe = events.subscribe(member.id, (event) => {
        if (event.type === 'message') published.push(event.message.id);
      });
      try {
        await waitFor(() => stream.lastEventId !== undefined);
        const key = crypto.randomUUID();
        const message = await send('Sent twice', key);
        expect(await send('Sent twice', key)).toEqual(message);
        expect(published).toEqual([message.id, message.id]);
        const marker = await send('After it');
        await waitFor(() => messageEvents(stream).some((event) => event.message.id === marker.id));
        expect(messageEvents(stream).map((event) => event.message.id)).toEqual([message.id, marker.id]);
      } finally {
        unsubscribe();
        stream.close();
      }
    });

    it('passes a repeated send on to a stream that may have missed it, never to one that had it before', async () => {
      // The first send's node stored the message and died before publishing it: the row, no event.
      const key = crypto.randomUUID();
      const listening = await open(member.session);
      await waitFor(() => listening.lastEventId !== undefined);
      await t.database.db
        .insertInto('messages')
        .values({
          conversation_id: conversation,
          sender_id: other.id,
          body: 'Stored, never published',
          credits: 0,
          awaiting_operator: 0,
          created_at: Date.now(),
          client_key: key,
        })
        .execute();
      const repeated = await send('Stored, never published', key);
      try {
        await waitFor(() => messageEvents(listening).length === 1);
        expect(messageEvents(listening)[0]).toEqual({ id: String(repeated.id), message: repeated });
      } finally {
        listening.close();
      }

      // A tab that had it reconnects after it: the next repeat is not carried a second time.
      const reconnected = await open(member.session, { 'last-event-id': String(repeated.id) });
      try {
        await waitFor(() => reconnected.comments.includes('connected'));
        expect(await send('Stored, never published', key)).toEqual(repeated);
        const marker = await send('After the repeat');
        await waitFor(() => messageEvents(reconnected).length > 0);
        expect(messageEvents(reconnected).map((event) => event.message.id)).toEqual([marker.id]);
      } finally {
        reconnected.close();
      }
    });

    it(`tells a stream away for more than ${CATCH_UP_MAX_MESSAGES} messages to reload its chats instead`, async () => {
      const from = (await send('Before a long absence')).id;
      const now = Date.now();
      await t.database.db
        .insertInto('messages')
        .values(
          Array.from({ length: CATCH_UP_MAX_MESSAGES + 1 }, (_, index) => ({
            conversation_id: conversation,
            sender_id: other.id,
            body: `Backlog ${index}`,
            credits: 0,
            awaiting_operator: 0,
            created_at: now,
          })),
        )
        .execute();
      const stream = await open(member.session, { 'last-event-id': String(from) });
      try {
        expect((await stream.next()).event).toBe('chats');
        await waitFor(() => stream.lastEventId !== undefined);
        expect(Number(stream.lastEventId)).toBeGreaterThan(from + CATCH_UP_MAX_MESSAGES);
        expect(messageEvents(stream)).toEqual([]);
      } finally {
        stream.close();
      }
    });
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
