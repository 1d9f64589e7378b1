import type { NotificationKind } from '@rendezvous/contract';
import type { Db } from '../db/database.js';
import type { EventBus } from '../realtime/event-bus.js';

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

export function createNotifier({ db }: { db: Db; events: EventBus }): Notifier {
  return {
    async notify(memberId, input) {
      await db
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
        .execute();
    },
  };
}
