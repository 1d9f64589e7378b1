import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { HEARTBEAT_MS } from '../http-limits.js';

/** The browser waits this long before reconnecting a dropped stream (the SSE `retry:` field). */
export const RECONNECT_HINT_MS = 5_000;
/** A tab that stopped reading gets its stream closed rather than have the server buffer for it. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const tooManyStreams = () => new AppError(429, 'rate_limited', 'Too many open tabs. Close a few and reload this one.');

export interface SseStream {
  /** One `event: <type>` with the JSON of `data`, and an `id:` the browser sends back on reconnecting. */
  send(type: string, data: unknown, id?: number): void;
  /** Only an `id:`: moves the browser's Last-Event-ID without an event. */
  sendId(id: number): void;
  /** Runs when the tab goes away or the stream is ended: stop listening here. */
  onClose(listener: () => void): void;
}

export interface OpenStreamOptions {
  /** Whose stream it is (a member's or a staff member's id), for the per-owner cap. */
  owner: number;
  /**
   * Asked at every heartbeat: after a logout elsewhere or a password change the stream ends
   * within one beat instead of carrying events on to a session now gone.
   */
  stillAllowed(): Promise<boolean>;
}

/**
 * Server-sent event streams (docs/decisions/005) for one kind of owner: the reply is taken over
 * from Fastify and written straight to the socket, so no compression or serializer holds an
 * event back; a heartbeat comment keeps proxies from closing it. Open streams are ended before
 * the server closes, which would otherwise wait for them forever.
 */
export function createSseStreams(app: FastifyInstance, { maxPerOwner }: { maxPerOwner: number }) {
  const open = new Set<ServerResponse>();
  const perOwner = new Map<number, number>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  return {
    /** Opens the stream, or throws 429 when the owner already has `maxPerOwner` open. */
    open(request: FastifyRequest, reply: FastifyReply, { owner, stillAllowed }: OpenStreamOptions): SseStream {
      const streams = perOwner.get(owner) ?? 0;
      if (streams >= maxPerOwner) throw tooManyStreams();
      perOwner.set(owner, streams + 1);

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

      const write = (chunk: string) => {
        if (stream.writableEnded) return;
        stream.write(chunk);
        if (stream.writableLength > MAX_BUFFERED_BYTES) {
          request.log.warn({ owner }, 'Closed a live event stream that stopped reading');
          stream.destroy();
        }
      };
      const heartbeat = setInterval(() => {
        stillAllowed().then(
          (allowed) => (allowed ? write(': heartbeat\n\n') : stream.end()),
          (error: unknown) => request.log.warn({ err: error, owner }, 'Could not check a live stream session'),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      write(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);

      stream.once('close', () => {
        clearInterval(heartbeat);
        open.delete(stream);
        const left = (perOwner.get(owner) ?? 1) - 1;
        if (left > 0) perOwner.set(owner, left);
        else perOwner.delete(owner);
      });
      return {
        send: (type, data, id) =>
          write(`${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
        sendId: (id) => write(`id: ${id}\n\n`),
        onClose: (listener) => stream.once('close', listener),
      };
    },
  };
}
