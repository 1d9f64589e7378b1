import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hooks for abuse-prone calls: `preHandler: [app.limits.perIp(…), app.limits.perEmail(…)]`. */
    limits: {
      perIp(name: string, max: number, windowMs: number): preHandlerAsyncHookHandler;
      perEmail(
        name: string,
        max: number,
        windowMs: number,
        email: (request: FastifyRequest) => string,
      ): preHandlerAsyncHookHandler;
      /** Per logged-in member (per IP for a visitor): for calls that cost others attention, like messages. */
      perMember(name: string, max: number, windowMs: number): preHandlerAsyncHookHandler;
    };
  }
}

/** Counts hits per key in fixed windows. In process for now; a Redis counter can replace it for several nodes. */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryHitCounter(): HitCounter & { close(): void } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const current = windows.get(key);
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { ...window };
    },
    close: () => clearInterval(sweep),
  };
}

/**
 * Per-route limits, each with its own key. (@fastify/rate-limit runs only the
 * first limiter of a request, so "per IP and per address" on one route needs this.)
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const counter = createMemoryHitCounter();
  app.addHook('onClose', async () => counter.close());

  const limit =
    (name: string, max: number, windowMs: number, key: (request: FastifyRequest) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { count, resetAt } = await counter.hit(`${name}:${key(request)}`, windowMs);
      if (count <= max) return;
      reply.header('retry-after', Math.ceil((resetAt - Date.now()) / 1000));
      throw new AppError(429, 'rate_limited', 'Too many attempts. Please wait a little and try again.');
    };

  app.decorate('limits', {
    perIp: (name, max, windowMs) => limit(name, max, windowMs, (request) => request.ip),
    perEmail: (name, max, windowMs, email) =>
      limit(name, max, windowMs, (request) => email(request).trim().toLowerCase()),
    perMember: (name, max, windowMs) =>
      limit(name, max, windowMs, (request) => (request.member ? `member:${request.member.id}` : `ip:${request.ip}`)),
  });
});
