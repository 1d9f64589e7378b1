import { MarkNotificationsReadRequestSchema, NotificationsResponseSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATIONS_LIMIT, selectNotifications, toNotification } from '../../notifier/notification-rows.js';
import type { Db } from '../../db/database.js';

export interface NotificationsRoutesOptions {
  db: Db;
}

/** The /notifications screen's calls; every query is scoped by the session member. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { db }) => {
  async function listFor(memberId: number) {
    const rows = await selectNotifications(db, memberId).orderBy('n.id', 'desc').limit(NOTIFICATIONS_LIMIT).execute();
    const unread = await selectNotifications(db, memberId)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('n.read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { notifications: rows.map(toNotification), num_unread: Number(unread.count) };
  }

  app.get(
    '/api/notifications.php',
    { config: { access: 'member' }, schema: { response: { 200: NotificationsResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listFor(request.member.id);
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
      const body = request.body;
      let update = db
        .updateTable('notifications')
        .set({ read_at: Date.now() })
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null);
      // The schema lets exactly one of `ids` and `all` through. Ids of someone else's notifications
      // match nothing: the member id above scopes them.
      if (body.ids) update = update.where('id', 'in', body.ids);
      await update.execute();
      return listFor(memberId);
    },
  );
};
