import { PAGE_HIDDEN_PATH, PageHiddenRequestSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { requireOwnPage } from '../../plugins/csrf.js';
import { createPageHiddenRepository } from './page-hidden.repository.js';

/**
 * How exact "last seen" is: a member switching tabs back and forth sends a beacon each time,
 * and one write a minute is as precise as the operator needs it.
 */
const LAST_SEEN_PRECISION_MS = 60_000;

export interface PageHiddenRoutesOptions {
  db: Db;
}

/**
 * Spec §7 POST /api/page-hidden.php: the page was hidden, so the member was last seen now
 * (the session's own touch is only every quarter hour). Nothing else is kept, and a visitor's
 * beacon stores nothing.
 *
 * `navigator.sendBeacon` cannot set our CSRF header, so this route does without it: the browser
 * marks a beacon from our own pages `Sec-Fetch-Site: same-origin`, which another site cannot
 * fake (`requireOwnPage`), and the lax session cookie does not go along with a cross-site POST
 * anyway. What a forger could still do at most is move a timestamp.
 */
export const pageHiddenRoutes: FastifyPluginAsyncZod<PageHiddenRoutesOptions> = async (app, { db }) => {
  const pageHidden = createPageHiddenRepository(db);

  app.post(
    PAGE_HIDDEN_PATH,
    {
      config: { access: 'optional', csrfHeader: false, guards: [requireOwnPage] },
      schema: { body: PageHiddenRequestSchema },
    },
    async (request, reply) => {
      if (request.member) await pageHidden.markLastSeen(request.member.id, LAST_SEEN_PRECISION_MS);
      return reply.status(204).send();
    },
  );
};
