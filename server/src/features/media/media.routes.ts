import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { isMediaName, parseThumbVariantName, type MediaStore, type ThumbVariantName } from '../../lib/media-store.js';
import { encodeThumbVariant, THUMB_VARIANT_TYPES } from '../../platform/profile-images/thumb-variants.js';
import { declareAccessInScope } from '../../plugins/session.js';
import { createMediaRepository } from './media.repository.js';

/**
 * How long browsers and CDNs may keep a photo without asking again. Once its member is banned or
 * deleted a photo must vanish everywhere within a minute, so it is never cached for longer; after
 * that a cache revalidates (ETag, Last-Modified) and gets a bodiless 304, or the 404.
 */
export const MEDIA_MAX_AGE_S = 60;

const CONTENT_TYPES = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' } as const;

export interface MediaRoutesOptions {
  db: Db;
  media: MediaStore;
}

/**
 * Serves `/media/<name>` from the media store (local disk or S3), but only photos that belong to a
 * member who is not gone. The database answers, not this node's memory, so a ban on any node counts
 * on every node at once. Photos of unconfirmed members are served: they see their own uploads while
 * signing up, and nothing shows them to anyone else. A photo waiting for review before publication
 * is served to its member's session only, and never kept by a shared cache (docs/decisions/022).
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { db, media }) => {
  const repository = createMediaRepository(db);
  // Optional: a photo waiting for review is its member's own answer.
  declareAccessInScope(app, 'optional');

  app.get('/media/:name', { schema: { params: z.object({ name: z.string() }) } }, async (request, reply) => {
    const { name } = request.params;
    // A thumbnail's AVIF or WebP copy is anyone's who may see the thumbnail.
    const variant = parseThumbVariantName(name);
    const audience = isMediaName(name) ? await repository.audienceOf(variant?.thumb ?? name) : null;
    if (!audience) throw notFound('No such photo');
    if (!audience.everyone && request.member?.id !== audience.memberId) throw notFound('No such photo');

    // A name is never reused for other bytes, so the name itself is a strong validator: a
    // revalidation is answered from the database check alone, without reading the store.
    const etag = `"${name.slice(0, name.indexOf('.'))}"`;
    const lastModified = new Date(Math.floor(audience.since / 1000) * 1000);
    reply
      .header('cache-control', audience.everyone ? `public, max-age=${MEDIA_MAX_AGE_S}` : 'private, no-store')
      .header('etag', etag)
      .header('last-modified', lastModified.toUTCString());
    if (isFresh(request.headers, etag, lastModified)) return reply.code(304).send();

    const extension = name.slice(name.indexOf('.') + 1) as keyof typeof CONTENT_TYPES;
    reply.type(CONTENT_TYPES[extension]);
    const file = await media.open(name);
    if (!file && variant) return reply.send(await makeThumbVariant(media, name, variant));
    if (!file) throw notFound('No such photo');
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
};

/**
 * A copy of a thumbnail stored before the pipeline made them (issue 17), made on its first request
 * and kept, so every photo's card can offer them.
 */
async function makeThumbVariant(media: MediaStore, name: string, variant: ThumbVariantName): Promise<Buffer> {
  const thumb = await media.read(variant.thumb);
  if (!thumb) throw notFound('No such photo');
  const data = await encodeThumbVariant(thumb, variant.width, variant.format);
  await media.put(name, data, THUMB_VARIANT_TYPES[variant.format]);
  return data;
}

/** The client's copy is current (RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since). */
function isFresh(headers: IncomingHttpHeaders, etag: string, lastModified: Date): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const time = Date.parse(modifiedSince);
  return !Number.isNaN(time) && lastModified.getTime() <= time;
}
