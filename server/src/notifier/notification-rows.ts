import type { Notification, NotificationKind } from '@rendezvous/contract';
import { sql } from 'kysely';
import { notBlockedWith } from '../db/blocks.js';
import type { Db } from '../db/database.js';
import { GONE_STATUSES } from '../db/schema.js';

/** How many notifications the screen lists. */
export const NOTIFICATIONS_LIMIT = 50;

/**
 * The member's notifications with their actors, leaving out actors who are gone or blocked
 * either way: what the /notifications screen and a live event show. Scoped by the session member.
 */
export function selectNotifications(db: Db, memberId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('members as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.actor_id',
      'n.conversation_id',
      'n.payload',
      'n.created_at',
      'n.read_at',
      'a.name as actor_name',
      sql<string | null>`coalesce(
        (select i.thumb_filename from member_images i where i.id = a.main_image_id),
        (select i.thumb_filename from member_images i where i.member_id = a.id and i.in_review = 0 order by i.position limit 1)
      )`.as('actor_thumb'),
    ])
    .where('n.member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('n.actor_id', 'is', null),
        eb.and([eb('a.status', 'not in', GONE_STATUSES), notBlockedWith(memberId, 'n.actor_id')]),
      ]),
    );
}

export type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['executeTakeFirstOrThrow']>>;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor:
      row.actor_id !== null && row.actor_name !== null
        ? {
            id: row.actor_id,
            name: row.actor_name,
            main_image: row.actor_thumb ? { thumb_filename: row.actor_thumb } : null,
          }
        : null,
    conversation: row.conversation_id,
    data: row.payload ? (JSON.parse(row.payload) as Record<string, string>) : {},
    created_at: new Date(Number(row.created_at)).toISOString(),
    read: row.read_at !== null,
  };
}
