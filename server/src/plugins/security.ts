import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers and compression. Scripts run only with the per-request nonce
 * that the server renderer puts on its inline scripts; styles come from our own
 * stylesheet, with inline style attributes allowed for client-set positions.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { dev: boolean; imageOrigins?: string[] }) => {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.dev ? ["'unsafe-eval'"] : [])],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        // Webcam ads show the partner's thumbnails from the origins the operator allowed.
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        connectSrc: ["'self'", ...(options.dev ? ['ws:'] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Partner ads and webcam windows open cross-origin; keep the opener policy permissive enough for them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
});
