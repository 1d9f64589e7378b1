import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { isMediaName } from '../../lib/media-store.js';
import { declareAccessInScope } from '../../plugins/session.js';
import { createMediaRepository } from './media.repository.js';

/**
 * How long browsers and CDNs may keep a photo without asking again. Once its member is banned or
 * deleted a photo must vanish everywhere within a minute, so it is never cached for longer; after
 * that a cache revalidates (ETag, Last-Modified) and gets a bodiless 304, or the 404.
 */
export const MEDIA_MAX_AGE_S = 60;

export interface MediaRoutesOptions {
  db: Db;
  /** The directory the media store writes to (`<dataDir>/media`). */
  dir: string;
}

/**
 * Serves `/media/<name>` from disk, but only photos that belong to a member who is not gone. The
 * database answers, not this node's memory, so a ban on any node counts on every node at once.
 * Photos of unconfirmed members are served: they see their own uploads while signing up, and
 * nothing shows them to anyone else. A photo waiting for review before publication is served to
 * its member's session only, and never kept by a shared cache (docs/decisions/022).
 */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { db, dir }) => {
  const media = createMediaRepository(db);

  // Added before the static handler is registered, so it runs for its routes (GET and HEAD).
  app.addHook('preHandler', async (request: FastifyRequest<{ Params: { '*'?: string } }>) => {
    const name = request.params['*'] ?? '';
    const audience = isMediaName(name) ? await media.audienceOf(name) : null;
    if (!audience) throw notFound('No such photo');
    if (!audience.everyone) {
      if (request.member?.id !== audience.memberId) throw notFound('No such photo');
      ownOnly.add(request);
    }
  });
  const ownOnly = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply) => {
    if (ownOnly.has(request)) void reply.header('cache-control', 'private, no-store');
  });

  // Optional: a photo waiting for review is its member's own answer.
  declareAccessInScope(app, 'optional');
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: MEDIA_MAX_AGE_S * 1000,
    immutable: false,
    etag: true,
    lastModified: true,
  });
};
