import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './fields.js';
import { VALIDATION } from './validation.js';

const id = z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);
const queryId = z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);

/** Messages per page of a conversation. */
export const MESSAGES_PAGE_SIZE = 30;

/** The other member of a conversation, as the chat list and header show them. */
export const ChatProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** Deleted, banned or blocked: the conversation stays readable, but nothing more can be sent. */
  available: z.boolean(),
});
export type ChatProfile = z.infer<typeof ChatProfileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  /** The sender's member id. */
  from: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  /** The sender erased their account: the text is gone, the message shows as erased (body empty). */
  erased: z.literal(true).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Spec §3 chat list item, with what a list row shows. */
export const ChatListItemSchema = z.object({
  conversation: z.object({
    id: z.number().int(),
    last_message: ChatMessageSchema.nullable(),
    updated_at: z.string(),
  }),
  profile: ChatProfileSchema,
  num_unread_messages: z.number().int(),
});
export type ChatListItem = z.infer<typeof ChatListItemSchema>;

/** GET /api/chats.php: the member's conversations, most recent first. */
export const ChatsResponseSchema = z.object({ chats: z.array(ChatListItemSchema) });
export type ChatsResponse = z.infer<typeof ChatsResponseSchema>;

/** GET /api/chat.php?profile=…: finds or starts the conversation with that member (spec §7). */
export const ChatStartQuerySchema = z.object({ profile: queryId });
export const ChatStartResponseSchema = z.object({ id: z.number().int() });

/** DELETE /api/chat.php: takes the conversation off the member's own list. */
export const ChatDeleteRequestSchema = z.object({ conversation: z.object({ id }) });
export const ChatDeleteResponseSchema = z.object({ removed: z.literal(true) });

/**
 * GET /api/messages.php?conversation=…[&before=…] — ours (spec §7 leaves the message calls out).
 * One page of messages, oldest first; `before` is the id of the oldest message already shown.
 */
export const MessagesQuerySchema = z.object({ conversation: queryId, before: queryId.optional() });
export const MessagesResponseSchema = z.object({
  conversation: z.object({ id: z.number().int() }),
  profile: ChatProfileSchema,
  messages: z.array(ChatMessageSchema),
  /** Pass as `before` for the page of older messages; null when this is the first message. */
  older: z.number().int().nullable(),
  /** The other member has read the member's messages up to this id (read receipts). */
  read_up_to: z.number().int(),
});
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;

/**
 * POST /api/messages.php: sends a message, paid with message credits. `client_key` is a UUID the
 * sender's device makes once per message (docs/decisions/020): a send repeated with the same key,
 * as a reconnecting outbox may do, answers with the message already stored and charges nothing.
 */
export const SendMessageRequestSchema = z.object({
  conversation: id,
  body: z.string(VALIDATION.required).trim().min(1, VALIDATION.required).max(MESSAGE_MAX_LENGTH, VALIDATION.tooLong),
  client_key: z.uuid(VALIDATION.choice).optional(),
});
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;
export const SendMessageResponseSchema = z.object({
  message: ChatMessageSchema,
  /** The sender's balance after paying. */
  credits: z.number().int(),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/** PUT /api/messages.php: the member has read the conversation up to this message. */
export const MarkReadRequestSchema = z.object({ conversation: id, up_to: id });
/** The member's read position after the call: it never moves backwards. */
export const MarkReadResponseSchema = z.object({ conversation: z.number().int(), up_to: z.number().int() });
