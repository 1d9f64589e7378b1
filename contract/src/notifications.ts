import { z } from 'zod';
import { VALIDATION } from './validation.js';

/**
 * What a notification is about. `email_change_incorrect` is the system notice of an undone
 * e-mail change (spec §2: /notifications#email-change-incorrect).
 */
export const NOTIFICATION_KINDS = ['like', 'message', 'email_change_incorrect', 'system'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  /** The member who liked or wrote, when there is one. */
  actor: z
    .object({
      id: z.number().int(),
      name: z.string(),
      main_image: z.object({ thumb_filename: z.string() }).nullable(),
    })
    .nullable(),
  conversation: z.number().int().nullable(),
  /** Kind-specific text parameters (a system notice's text key, …). */
  data: z.record(z.string(), z.string()),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications.php — ours: newest first. */
export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  num_unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** PUT /api/notifications.php: mark some, or all, as read. */
export const MarkNotificationsReadRequestSchema = z.union([
  z.object({ ids: z.array(z.number(VALIDATION.choice).int().positive()).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
