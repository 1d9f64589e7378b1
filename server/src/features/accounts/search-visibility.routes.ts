import { SEARCH_VISIBILITY_PATH, SearchVisibilitySchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { createAccountsRepository } from './accounts.repository.js';

/** The member's own "hide me from search" switch (issue 19). */
export const searchVisibilityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const accounts = createAccountsRepository(db);

  app.get(
    SEARCH_VISIBILITY_PATH,
    { config: { access: 'member' }, schema: { response: { 200: SearchVisibilitySchema } } },
    async (request) => ({ hidden: request.member.hidden_from_search === 1 }),
  );

  app.put(
    SEARCH_VISIBILITY_PATH,
    {
      config: { access: 'member' },
      schema: { body: SearchVisibilitySchema, response: { 200: SearchVisibilitySchema } },
    },
    async (request) => {
      await accounts.setHiddenFromSearch(request.member.id, request.body.hidden);
      return { hidden: request.body.hidden };
    },
  );
};
