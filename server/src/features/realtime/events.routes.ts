import type { ServerResponse } from 'node:http';
import { EVENTS_PATH, type LiveEvent } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { HEARTBEAT_MS } from '../../http-limits.js';
import type { EventBus } from '../../realtime/event-bus.js';

export interface EventsRoutesOptions {
  events: EventBus;
}

/** The browser waits this long before reconnecting a dropped stream (the SSE `retry:` field). */
export const RECONNECT_HINT_MS = 5_000;
/** One stream per tab; more than this many tabs of one member is a runaway script, not a person. */
export const MAX_STREAMS_PER_MEMBER = 10;
/** Connects per IP and minute: a reloading tab reconnects now and then, a loop far more often. */
export const CONNECTS_PER_IP_PER_MINUTE = 60;
/** A tab that stopped reading gets its stream closed rather than have the server buffer for it. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const tooManyStreams = () => new AppError(429, 'rate_limited', 'Too many open tabs. Close a few and reload this one.');

/**
 * GET /api/events.php: the member's live events as server-sent events (architecture: Realtime),
 * one `event: <type>` and `data: <json>` per event. The reply is taken over from Fastify and
 * written straight to the socket, so no compression or serializer holds an event back.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { events }) => {
  const open = new Set<ServerResponse>();
  const perMember = new Map<number, number>();

  // Open streams never finish by themselves: end them first, or closing the server waits forever.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    EVENTS_PATH,
    {
      config: { access: 'member', limits: [app.limits.perIp('events', CONNECTS_PER_IP_PER_MINUTE, 60_000)] },
      compress: false,
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const streams = perMember.get(memberId) ?? 0;
      if (streams >= MAX_STREAMS_PER_MEMBER) throw tooManyStreams();
      perMember.set(memberId, streams + 1);

      reply.hijack();
      const stream = reply.raw;
      open.add(stream);
      // Headers set on the reply so far (a fresh CSRF cookie) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) stream.setHeader(name, value);
      }
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx and similar proxies buffer responses unless told otherwise.
        'x-accel-buffering': 'no',
      });
      stream.socket?.setNoDelay(true);

      const send = (chunk: string) => {
        if (stream.writableEnded) return;
        stream.write(chunk);
        if (stream.writableLength > MAX_BUFFERED_BYTES) {
          request.log.warn({ memberId }, 'Closed a live event stream that stopped reading');
          stream.destroy();
        }
      };
      const unsubscribe = events.subscribe(memberId, (event: LiveEvent) =>
        send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      );
      // Each heartbeat also checks the session: after a logout elsewhere or a password change
      // the stream ends within one beat instead of carrying messages on to a session now gone.
      const heartbeat = setInterval(() => {
        app.sessionMember(request).then(
          (member) => (member?.id === memberId ? send(': heartbeat\n\n') : stream.end()),
          (error: unknown) => request.log.warn({ err: error, memberId }, 'Could not check a live stream session'),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      send(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);

      stream.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        const left = (perMember.get(memberId) ?? 1) - 1;
        if (left > 0) perMember.set(memberId, left);
        else perMember.delete(memberId);
      });
    },
  );
};
