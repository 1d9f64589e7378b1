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

/**
 * PUT /api/notifications.php: mark some (`ids`), or all (`all: true`), as read; exactly one of the two.
 * One object rather than a union, so a bad body names its field (`ids.0`, `ids`, `all`) in the 400
 * instead of only `body`. Without either, `ids` is reported missing; with both, `all` is the one too many.
 */
export const MarkNotificationsReadRequestSchema = z
  .object({
    ids: z
      .array(z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice))
      .min(1)
      .max(200)
      .optional(),
    all: z.literal(true).optional(),
  })
  // Runs only once both fields are well-formed, so a bad id is reported as itself, not as a missing field.
  .superRefine((body, ctx) => {
    if (body.ids === undefined && body.all === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: VALIDATION.required });
    } else if (body.ids !== undefined && body.all !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['all'], message: VALIDATION.choice });
    }
  });
