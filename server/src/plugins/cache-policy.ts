import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A server-rendered page: built from the visitor's session, cookies and language. */
    page?: boolean;
  }
}

/** Who may keep an answer built from the session: nobody, not even the browser's disk cache. */
const PRIVATE_ANSWER = 'no-store';

/**
 * A logged-out page: the browser may keep it for back and forward but asks again before reuse,
 * and shared caches never keep it, because each page carries its own CSP nonces and the
 * visitor's CSRF token.
 */
const PUBLIC_PAGE = 'private, no-cache';

function addVary(reply: FastifyReply, ...names: string[]) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(current.map((name) => name.toLowerCase()));
  reply.header('vary', [...current, ...names.filter((name) => !known.has(name.toLowerCase()))].join(', '));
}

/** API calls and pages answer from the session; assets, catalogues, media and health never do. */
function dependsOnSession(request: FastifyRequest): boolean {
  // The declared route path, not the raw URL, which can spell `/api/` in other ways.
  return Boolean(request.routeOptions.config.page) || (request.routeOptions.url?.startsWith('/api/') ?? false);
}

/**
 * The one place that decides how long answers may be kept. Anything built for a logged-in member
 * is never stored. A logged-out answer keeps the policy its route chose (public region lists, say)
 * or, without one, is not stored either; since the same address answers differently once logged
 * in, caches must tell the two apart by the cookie. Routes whose answers are the same for
 * everyone (built assets, locale catalogues, media) keep their own policies untouched.
 */
export const cachePolicyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!dependsOnSession(request)) return payload;
    if (request.member) {
      reply.header('cache-control', PRIVATE_ANSWER);
    } else if (request.routeOptions.config.page) {
      reply.header('cache-control', PUBLIC_PAGE);
      addVary(reply, 'Cookie', 'Accept-Language');
    } else if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_ANSWER);
    } else if (reply.getHeader('cache-control') !== PRIVATE_ANSWER) {
      addVary(reply, 'Cookie');
    }
    return payload;
  });
});
