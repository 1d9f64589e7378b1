import { z } from 'zod';
import { ChatMessageSchema } from './chats.js';
import { NotificationSchema } from './notifications.js';
import { OrderStateSchema } from './payments.js';

/**
 * What the stream delivers; the SSE event name is the `type`, the data the JSON of the whole event.
 * - message: a message in one of the member's conversations, sent by either side (other tabs too);
 *   the SSE id is the message's id, so a reconnecting stream catches up after the last one it had;
 * - read: the other member read the conversation up to a message (read receipts), or the member
 *   did in another tab (`by_me`);
 * - chats: the chat list changed otherwise (removed, blocked): reload it;
 * - like: someone liked the member, or the member liked or unliked someone in another tab;
 * - notification: a new notification;
 * - order: one of the member's orders changed state (paid at the provider, failed, refunded): fetch it again.
 * The app badge (spec §4) is counted from the chats and likes calls, fetched again on these events.
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    message: ChatMessageSchema,
    /**
     * Published again because its sender repeated the send (the first node may have died before
     * publishing); a stream passes it on only to a tab that may not have it yet.
     */
    repeat: z.literal(true).optional(),
  }),
  z.object({ type: z.literal('read'), conversation: z.number().int(), up_to: z.number().int(), by_me: z.boolean() }),
  z.object({ type: z.literal('chats') }),
  z.object({ type: z.literal('like'), profile: z.number().int(), by_me: z.boolean() }),
  z.object({ type: z.literal('notification'), notification: NotificationSchema }),
  z.object({ type: z.literal('order'), order_id: z.number().int(), state: OrderStateSchema }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventType = LiveEvent['type'];
