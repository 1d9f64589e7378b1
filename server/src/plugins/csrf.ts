import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CLIENT_HEADER, CSRF_COOKIE, CSRF_HEADER } from '@rendezvous/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * For a call the browser sends without our headers (a beacon): the route checks its origin
     * itself with `requireOwnPage` instead, and must change nothing a forger could want changed.
     */
    csrfHeader?: false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfFailed = () =>
  new AppError(403, 'csrf_failed', 'Your session has expired. Please reload the page and try again.');

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const requireCsrfToken: onRequestAsyncHookHandler = async (request) => {
  // One route may serve a safe and a state-changing method.
  if (SAFE_METHODS.has(request.method)) return;
  const sent = request.headers[CSRF_HEADER];
  const existing = request.cookies[CSRF_COOKIE];
  if (typeof sent !== 'string' || !existing || !sameToken(sent, existing)) {
    throw csrfFailed();
  }
};

/**
 * Double-submit CSRF protection: a random token in a cookie that only our own
 * pages can read, echoed in a header on every state-changing API call. A forged
 * cross-site request cannot read the cookie, so it cannot send the header.
 *
 * The check belongs to the routes, chosen by their declared path: the raw URL can spell the
 * same route many ways (`/%61pi/…`, a trailing slash) and the router matches them all.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    request.csrfToken = existing && existing.length >= 32 ? existing : randomBytes(24).toString('base64url');
    if (request.csrfToken !== existing) {
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
    }
  });
  app.addHook('onRoute', (route) => {
    const changesState = [route.method].flat().some((method) => !SAFE_METHODS.has(method));
    if (!changesState || !route.url.startsWith('/api/') || route.config?.csrfHeader === false) return;
    // First, so a refused call gets no further than the check, whatever the route's own hooks do.
    route.onRequest = [requireCsrfToken, ...[route.onRequest ?? []].flat()];
  });
});

/**
 * Guard for a GET that changes state because the spec makes it one (logout). A link or image
 * on another site cannot add our client header (the browser would first ask, and we never
 * allow it), and a browser marks a call from our own pages same-origin.
 */
export async function requireOwnPage(request: FastifyRequest): Promise<void> {
  if (request.headers[CLIENT_HEADER] || request.headers['sec-fetch-site'] === 'same-origin') return;
  throw csrfFailed();
}
