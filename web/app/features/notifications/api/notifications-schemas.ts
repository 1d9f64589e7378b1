// Apart from notifications-calls.ts so that the page loads it, and zod, with its first call (see `AnswerSchema`).
export { NotificationsResponseSchema } from '@rendezvous/contract';
