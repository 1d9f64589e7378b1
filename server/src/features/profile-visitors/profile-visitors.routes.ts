import {
  DEFAULT_PROFILE_VISITORS_FREE,
  PROFILE_VIEW_PATH,
  PROFILE_VISITORS_PATH,
  ProfileViewRequestSchema,
  ProfileViewResponseSchema,
  ProfileVisitorsResponseSchema,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { MINUTE_MS } from '../../lib/time.js';
import { isPremium } from '../../platform/payments/premium-terms.js';
import { createProfileVisitorsRepository } from './profile-visitors.repository.js';

/** Profile pages a member may open in a minute and have counted; more is a script, not a person. */
export const PROFILE_VIEWS_PER_MINUTE = 60;

/** Who viewed me (issue 19): the member page reports a visit, the account page lists them. */
export const profileVisitorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const views = createProfileVisitorsRepository(db);

  app.post(
    PROFILE_VIEW_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('profile-view', PROFILE_VIEWS_PER_MINUTE, MINUTE_MS)] },
      schema: { body: ProfileViewRequestSchema, response: { 200: ProfileViewResponseSchema } },
    },
    async (request) => ({ recorded: await views.record(request.member, request.body.profile, Date.now()) }),
  );

  app.get(
    PROFILE_VISITORS_PATH,
    { config: { access: 'member' }, schema: { response: { 200: ProfileVisitorsResponseSchema } } },
    async (request) => {
      const now = Date.now();
      const { config } = request.site;
      // Premium shows everyone; so does a site that sells no premium, where nobody could have it.
      const all = !config.premium || isPremium(request.member, now);
      const limit = all ? null : (config.profile_visitors_free ?? DEFAULT_PROFILE_VISITORS_FREE);
      const { visitors, total } = await views.visitors(request.member.id, limit, now);
      return { visitors, more: total - visitors.length };
    },
  );
};
