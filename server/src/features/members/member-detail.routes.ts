import { MEMBER_DETAIL_PATH, MemberDetailQuerySchema, MemberDetailSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { createMemberDetailRepository } from './member-detail.repository.js';

export interface MemberDetailRoutesOptions {
  db: Db;
}

/**
 * A member's page (spec §2, access optional). Visitors may read it even where logged-out
 * search is off: a profile link is meant to be shared and found, and the answer holds only what
 * the profile card and the site's visible fields already show (never e-mail or birth date).
 */
export const memberDetailRoutes: FastifyPluginAsyncZod<MemberDetailRoutesOptions> = async (app, { db }) => {
  const repository = createMemberDetailRepository(db);

  app.get(
    MEMBER_DETAIL_PATH,
    {
      config: { access: 'optional' },
      schema: { querystring: MemberDetailQuerySchema, response: { 200: MemberDetailSchema } },
    },
    async (request) => {
      const { site } = request;
      const detail = await repository.find(site.id, request.query.id, site.config, request.member?.id ?? null);
      if (!detail) throw notFound('No such member');
      return detail;
    },
  );
};
