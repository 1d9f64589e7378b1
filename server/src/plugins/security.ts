import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** Nonces for a page's inline scripts and styles, with the page's policy set to allow them. */
    pageNonces(): { script: string; style: string };
  }
}

type Directives = Record<string, string[]>;

function contentSecurityPolicy(options: { dev: boolean; imageOrigins?: string[] }): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Webcam ads show the partner's thumbnails from the origins the operator allowed.
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...(options.dev ? ["'unsafe-eval'"] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Inline style attributes are allowed for client-set positions.
    'style-src-attr': ["'unsafe-inline'"],
    'connect-src': ["'self'", ...(options.dev ? ['ws:'] : [])],
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

/**
 * Security headers and compression. Every response carries the same fixed policy, worked out
 * once; only server-rendered pages need nonces for their inline scripts and styles, so only
 * they pay for random bytes and a policy of their own.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { dev: boolean; imageOrigins?: string[] }) => {
  const directives = contentSecurityPolicy(options);
  // Helmet itself rather than @fastify/helmet, which builds the whole middleware anew for every request.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // Partner ads and webcam windows open cross-origin; keep the opener policy permissive enough for them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  app.decorateReply('pageNonces', function (this: FastifyReply) {
    const [script, style] = [randomBytes(16).toString('base64'), randomBytes(16).toString('base64')];
    this.header(
      'content-security-policy',
      serialize({
        ...directives,
        'script-src': [...directives['script-src']!, `'nonce-${script}'`],
        'style-src': [...directives['style-src']!, `'nonce-${style}'`],
      }),
    );
    return { script, style };
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
});
