// Apart from chat-calls.ts so that the chats load them, and zod, with their first call (see
// `lazySchemas`).
export {
  ChatsResponseSchema,
  ChatStartResponseSchema,
  MessagesResponseSchema,
  SendMessageResponseSchema,
} from '@rendezvous/contract';
