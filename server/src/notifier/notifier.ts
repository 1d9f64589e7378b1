import type { Notification, NotificationKind } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { isGone } from '../db/schema.js';
import type { EventBus } from '../realtime/event-bus.js';
import { selectNotifications, toNotification } from './notification-rows.js';
import { pushTexts } from './push-texts.js';
import type { PushMessage, PushSender } from './web-push-sender.js';

export interface NotifyInput {
  kind: NotificationKind;
  /** The member who liked or wrote. */
  actorId?: number;
  conversationId?: number;
  /** Kind-specific text parameters. */
  data?: Record<string, string>;
}

/**
 * One way for every feature to tell a member something: the notification is stored (the
 * /notifications screen), sent to their open tabs, and pushed to their devices when no tab is open.
 */
export interface Notifier {
  notify(memberId: number, input: NotifyInput): Promise<void>;
}

export interface NotifierDependencies {
  db: Db;
  events: EventBus;
  /** Without it nothing is pushed (API-only tests). */
  push?: PushSender;
  log?: FastifyBaseLogger;
}

/** Where a push opens the app: the screen the notification is about. */
export function pushUrlOf(notification: Pick<Notification, 'kind' | 'conversation'>): string {
  if (notification.kind === 'message' && notification.conversation !== null) {
    return `/chats/${notification.conversation}`;
  }
  if (notification.kind === 'like') return '/likes';
  if (notification.kind === 'email_change_incorrect') return '/notifications#email-change-incorrect';
  return '/notifications';
}

/** The notifier plus `settled()`, which waits for pushes still on their way (tests, shutdown). */
export type AppNotifier = Notifier & { settled(): Promise<void> };

export function createNotifier({ db, events, push, log }: NotifierDependencies): AppNotifier {
  const pending = new Set<Promise<void>>();

  async function pushTo(memberId: number, notification: Notification) {
    if (!push || (await events.isConnected(memberId))) return;
    const member = await db
      .selectFrom('members as m')
      .innerJoin('sites as s', 's.id', 'm.site_id')
      .select(['m.language', 'm.fictional', 'm.status', 's.config'])
      .where('m.id', '=', memberId)
      .executeTakeFirst();
    // Fictional profiles are run by operators and have no devices; gone members get nothing.
    if (!member || member.fictional === 1 || isGone(member.status)) return;
    const texts = pushTexts(member.language, notification.kind, notification.actor?.name ?? null);
    const message: PushMessage = {
      ...texts,
      url: pushUrlOf(notification),
      // One visible push per conversation or kind: a newer one replaces the older.
      tag: notification.conversation !== null ? `chat-${notification.conversation}` : notification.kind,
    };
    const { support_email: supportEmail } = JSON.parse(member.config) as { support_email: string };
    await push.send(memberId, message, supportEmail);
  }

  return {
    async notify(memberId, input) {
      const { id } = await db
        .insertInto('notifications')
        .values({
          member_id: memberId,
          kind: input.kind,
          actor_id: input.actorId ?? null,
          conversation_id: input.conversationId ?? null,
          payload: input.data ? JSON.stringify(input.data) : null,
          created_at: Date.now(),
          read_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Read back through the screen's query: an actor blocked either way is neither shown nor pushed.
      const row = await selectNotifications(db, memberId).where('n.id', '=', id).executeTakeFirst();
      if (!row) return;
      const notification = toNotification(row);
      // Stored is what counts: a bus that cannot deliver now leaves the tabs to their polling.
      await events
        .publish(memberId, { type: 'notification', notification })
        .catch((error: unknown) => log?.warn({ err: error, memberId }, 'notification not published'));
      // The push does not hold up the like or message that caused it.
      const delivery = pushTo(memberId, notification)
        .catch((error: unknown) => log?.error({ err: error, memberId }, 'push failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
