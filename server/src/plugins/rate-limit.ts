import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's limits, each counted on its own, checked after validation: `limits:
     * [app.limits.perIp(…), app.limits.perEmail(…)]`. In the config, not `preHandler`, so the
     * route's config alone decides how `request.member` is typed (plugins/session.ts).
     */
    limits?: preHandlerAsyncHookHandler[];
  }
  interface FastifyInstance {
    /** Limits for abuse-prone calls, declared in a route's `config.limits`. */
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

export interface RateLimitPluginOptions {
  /** With it the counts live in Redis, so a limit holds across every node; without it, in this process. */
  redis?: { url: string; keyPrefix: string };
}

const rateLimited = () => new AppError(429, 'rate_limited', 'Too many attempts. Please wait a little and try again.');

/**
 * Per-route limits in fixed windows, each counted under its own name. Built on
 * `createRateLimit`, not the plugin's route hook: that hook runs only the first limiter of a
 * request, and "per IP and per address" on one route needs every one of them.
 */
/** Quits on close; until then a command waits for one reconnect at most (see the fallback below). */
function openRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis rate-limit connection error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitPluginOptions) => {
  const store = options.redis && {
    redis: openRedis(app, options.redis.url),
    nameSpace: `${options.redis.keyPrefix}limits:`,
  };
  await app.register(fastifyRateLimit, { global: false, ...store });

  const limit = (
    name: string,
    max: number,
    windowMs: number,
    key: (request: FastifyRequest) => string,
  ): preHandlerAsyncHookHandler => {
    const count = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      let result: Awaited<ReturnType<typeof count>>;
      try {
        result = await count(request);
      } catch (error) {
        // A Redis outage must not take sign-up and login down with it; the log says limits are off.
        request.log.warn({ err: error, limit: name }, 'Rate limit not checked');
        return;
      }
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw rateLimited();
    };
  };

  app.addHook('onRoute', (route) => {
    const limits = route.config?.limits;
    if (limits) route.preHandler = [...[route.preHandler ?? []].flat(), ...limits];
  });

  app.decorate('limits', {
    perIp: (name, max, windowMs) => limit(name, max, windowMs, (request) => request.ip),
    perEmail: (name, max, windowMs, email) =>
      limit(name, max, windowMs, (request) => email(request).trim().toLowerCase()),
    perMember: (name, max, windowMs) =>
      limit(name, max, windowMs, (request) => (request.member ? `member:${request.member.id}` : `ip:${request.ip}`)),
  });
});
