import {
  LANDER_PROFILES_PATH,
  LANDER_VISIT_PATH,
  LanderProfilesQuerySchema,
  LanderProfilesResponseSchema,
  LanderVisitRequestSchema,
  VALIDATION,
  type Niche,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { invalidInput } from '../../errors.js';
import { requireOwnPage } from '../../plugins/csrf.js';
import { createLandersRepository } from './landers.repository.js';
import { MINUTE_MS } from '../../lib/time.js';

export interface LandersRoutesOptions {
  db: Db;
}

/** Showcase profiles change when the operator adds some; five minutes in any cache is fine. */
export const LANDER_PROFILES_MAX_AGE_S = 300;
/**
 * A person opens a handful of landers a minute at most; a script replaying the beacon would
 * inflate a network's numbers, so one address counts this many views a minute and no more.
 */
export const LANDER_VISITS_PER_MINUTE = 20;

/** GET /api/landers/profiles.php and POST /api/landers/visit.php: what landers show and how often they are seen. */
export const landersRoutes: FastifyPluginAsyncZod<LandersRoutesOptions> = async (app, { db }) => {
  const landers = createLandersRepository(db);

  app.get(
    LANDER_PROFILES_PATH,
    {
      config: { access: 'public' },
      schema: { querystring: LanderProfilesQuerySchema, response: { 200: LanderProfilesResponseSchema } },
    },
    async (request, reply) => {
      const { config } = request.site;
      const { niche, locale, country, limit } = request.query;
      if (country !== undefined && !config.countries.includes(country)) {
        throw invalidInput({ country: VALIDATION.country }, 'This site does not serve that country.');
      }
      const profiles = await landers.showcase(request.site.id, {
        niche: (niche ?? config.niche) as Niche,
        locale,
        country,
        limit,
      });
      reply.header('Cache-Control', `public, max-age=${LANDER_PROFILES_MAX_AGE_S}`);
      return { profiles };
    },
  );

  /*
   * A beacon cannot carry our CSRF header, so, as with the page-hidden beacon, the browser's
   * same-origin mark stands in for it (`requireOwnPage`). A forger could only add a view.
   */
  app.post(
    LANDER_VISIT_PATH,
    {
      config: {
        access: 'public',
        csrfHeader: false,
        guards: [requireOwnPage],
        limits: [app.limits.perIp('lander-visit', LANDER_VISITS_PER_MINUTE, MINUTE_MS)],
      },
      schema: { body: LanderVisitRequestSchema },
    },
    async (request, reply) => {
      const { lander, slug, network } = request.body;
      await landers.countVisit({
        siteId: request.site.id,
        lander,
        slug,
        network: network ?? '',
        day: new Date().toISOString().slice(0, 10),
      });
      return reply.status(204).send();
    },
  );
};
