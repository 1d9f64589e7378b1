import { CAM_ACCOUNT_PATTERN, GENDERS, type CamItem } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { CamsFeedError, matchesFilters, type CamsFeed, type CamsFilters } from './cams-feed.js';

/**
 * The webcam partner's feed as we ask partners to serve it:
 *
 *   GET <CAMS_FEED_URL>?gender=female&min_age=40&max_age=60     (each filter only when the member set it)
 *   Accept: application/json
 *
 *   200 application/json
 *   {
 *     "performers": [
 *       {
 *         "username": "Ingrid_NL",         a letter, then letters, digits, _ or -; at most 64
 *         "display_name": "Ingrid",
 *         "age": 52,
 *         "gender": "female",              "female" or "male"
 *         "country": "NL",                 ISO 3166-1 alpha-2; optional
 *         "image_url": "https://img.partner.example/ingrid.jpg",
 *         "online": true
 *       }
 *     ]
 *   }
 *
 * Without filters the feed lists every performer it offers (at most a few hundred): the redirect
 * checks an account against that list. Unknown fields are ignored; a performer that does not fit
 * is left out rather than failing the whole answer.
 */
const PartnerPerformerSchema = z.object({
  username: z.string().regex(CAM_ACCOUNT_PATTERN),
  display_name: z.string().min(1).max(100),
  age: z.number().int().min(18).max(120),
  gender: z.enum(GENDERS),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish(),
  image_url: z.url({ protocol: /^https$/ }),
  online: z.boolean(),
});
const PartnerFeedSchema = z.object({ performers: z.array(z.unknown()) });

/** Spec §9's icon fetch timeout, reused: an ad that takes longer is not worth the wait. */
export const CAMS_FEED_TIMEOUT_MS = 1500;
/** Performers come and go within minutes; a minute of reuse spares the partner every search. */
export const CAMS_FEED_CACHE_TTL_MS = 60_000;
// Filters are validated (2 genders × 83 ages²); this bounds memory if every combination is asked for.
const CAMS_FEED_CACHE_MAX_ENTRIES = 500;

// Inline so a partner image the page's CSP would block still leaves a card that fits the grid.
const PLACEHOLDER_THUMBNAIL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="#e6dee9"/></svg>',
)}`;

export interface HttpCamsFeedOptions {
  url: string;
  /** Origins the page's CSP lets images load from (config.partners.camsImageOrigins). */
  imageOrigins: readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

function feedUrl(base: string, filters: CamsFilters): URL {
  const url = new URL(base);
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

export function createHttpCamsFeed(options: HttpCamsFeedOptions): CamsFeed {
  const timeoutMs = options.timeoutMs ?? CAMS_FEED_TIMEOUT_MS;
  const imageOrigins = new Set(options.imageOrigins);
  // The pending promise is cached, so members searching at the same moment share one partner call.
  const cache = new LRUCache<string, Promise<CamItem[]>>({
    max: CAMS_FEED_CACHE_MAX_ENTRIES,
    ttl: options.cacheTtlMs ?? CAMS_FEED_CACHE_TTL_MS,
    // A test's clock is read on every lookup rather than once per real millisecond.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });

  function toCamItem(performer: z.infer<typeof PartnerPerformerSchema>): CamItem {
    const allowed = imageOrigins.has(new URL(performer.image_url).origin);
    return {
      account: performer.username,
      name: performer.display_name,
      age: performer.age,
      gender: performer.gender,
      country: performer.country ?? null,
      thumbnail_url: allowed ? performer.image_url : PLACEHOLDER_THUMBNAIL,
      online: performer.online,
    };
  }

  async function fetchCams(filters: CamsFilters): Promise<CamItem[]> {
    const url = feedUrl(options.url, filters);
    let body: unknown;
    try {
      // One signal for the whole exchange: a partner that sends headers and then stalls is cut off too.
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new CamsFeedError('bad_status', `The cams feed answered ${response.status}`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof CamsFeedError) throw error;
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new CamsFeedError('timeout', `The cams feed request was aborted after ${timeoutMs} ms`, { cause: error });
      }
      if (error instanceof SyntaxError) {
        throw new CamsFeedError('bad_body', 'The cams feed answered with something other than JSON', { cause: error });
      }
      throw new CamsFeedError('unreachable', 'The cams feed could not be reached', { cause: error });
    }

    const feed = PartnerFeedSchema.safeParse(body);
    if (!feed.success) {
      throw new CamsFeedError('bad_body', 'The cams feed answer has no performers list', { cause: feed.error });
    }
    const cams: CamItem[] = [];
    let skipped = 0;
    let blockedImages = 0;
    for (const entry of feed.data.performers) {
      const performer = PartnerPerformerSchema.safeParse(entry);
      if (!performer.success) {
        skipped += 1;
        continue;
      }
      const cam = toCamItem(performer.data);
      if (cam.thumbnail_url !== performer.data.image_url) blockedImages += 1;
      if (matchesFilters(cam, filters)) cams.push(cam);
    }
    if (skipped > 0 || blockedImages > 0) {
      options.log.warn(
        { feed: url.origin, skipped, blockedImages },
        'cams feed: left out performers not in the documented format, replaced images CAMS_IMAGE_ORIGINS does not allow',
      );
    }
    return cams;
  }

  return {
    search(filters) {
      const key = JSON.stringify([filters.gender ?? null, filters.min_age ?? null, filters.max_age ?? null]);
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = fetchCams(filters);
      cache.set(key, pending);
      // A failure is not remembered: the next search asks the partner again.
      pending.catch((error: unknown) => {
        // Only while it still holds this call, so a late failure cannot drop a newer entry.
        if (cache.peek(key) === pending) cache.delete(key);
        const message = error instanceof Error ? error.message : 'The cams feed request failed';
        options.log.warn({ err: error, feed: new URL(options.url).origin }, message);
      });
      return pending;
    },
  };
}
