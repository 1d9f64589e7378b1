import type { NotificationsResponse } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { NOTIFICATIONS_LIMIT, selectNotifications, toNotification } from '../../notifier/notification-rows.js';

/** The /notifications screen's reads and writes; every query is scoped by the session member. */
export function createNotificationsRepository(db: Db) {
  return {
    /** The member's latest notifications, newest first, and how many of all of them are unread. */
    async listFor(memberId: number): Promise<NotificationsResponse> {
      const rows = await selectNotifications(db, memberId).orderBy('n.id', 'desc').limit(NOTIFICATIONS_LIMIT).execute();
      const unread = await selectNotifications(db, memberId)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('n.read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { notifications: rows.map(toNotification), num_unread: Number(unread.count) };
    },

    /**
     * Marks the member's unread notifications read: those in `ids`, or all of them. Ids of someone
     * else's notifications match nothing, since the member id scopes them.
     */
    async markRead(memberId: number, ids?: number[]): Promise<void> {
      let update = db
        .updateTable('notifications')
        .set({ read_at: Date.now() })
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null);
      if (ids) update = update.where('id', 'in', ids);
      await update.execute();
    },
  };
}
