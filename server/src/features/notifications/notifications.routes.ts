import { MarkNotificationsReadRequestSchema, NotificationsResponseSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { createNotificationsRepository } from './notifications.repository.js';

export interface NotificationsRoutesOptions {
  db: Db;
}

/** The /notifications screen's calls; every query is scoped by the session member. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { db }) => {
  const notifications = createNotificationsRepository(db);

  app.get(
    '/api/notifications.php',
    { config: { access: 'member' }, schema: { response: { 200: NotificationsResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return notifications.listFor(request.member.id);
    },
  );

  app.put(
    '/api/notifications.php',
    {
      config: { access: 'member' },
      schema: { body: MarkNotificationsReadRequestSchema, response: { 200: NotificationsResponseSchema } },
    },
    async (request) => {
      const memberId = request.member.id;
      // The schema lets exactly one of `ids` and `all` through.
      await notifications.markRead(memberId, request.body.ids);
      return notifications.listFor(memberId);
    },
  );
};
