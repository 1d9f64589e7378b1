import {
  freeProfileVisitors,
  PROFILE_VIEW_PATH,
  PROFILE_VISITORS_PATH,
  ProfileViewRequestSchema,
  ProfileViewResponseSchema,
  ProfileVisitorsResponseSchema,
  VisitTraceRequestSchema,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
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

  async function visitorsOf(member: MemberRow, config: SiteConfig, leavesTrace: boolean) {
    const now = Date.now();
    // Premium shows everyone; so does a site that sells no premium, where nobody could have it.
    const all = !config.premium || isPremium(member, now);
    const limit = all ? null : freeProfileVisitors(config);
    const { visitors, total } = await views.visitors(member.id, limit, now);
    return { visitors, more: total - visitors.length, leaves_trace: leavesTrace };
  }

  app.get(
    PROFILE_VISITORS_PATH,
    { config: { access: 'member' }, schema: { response: { 200: ProfileVisitorsResponseSchema } } },
    async (request) => visitorsOf(request.member, request.site.config, request.member.leaves_visit_trace === 1),
  );

  app.put(
    PROFILE_VISITORS_PATH,
    {
      config: { access: 'member' },
      schema: { body: VisitTraceRequestSchema, response: { 200: ProfileVisitorsResponseSchema } },
    },
    async (request) => {
      await views.setLeavesTrace(request.member.id, request.body.leaves_trace);
      return visitorsOf(request.member, request.site.config, request.body.leaves_trace);
    },
  );
};
