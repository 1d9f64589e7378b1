// Apart from notifications-calls.ts so that the page loads it, and zod, with its first call (see
// `lazySchemas`).
export { NotificationsResponseSchema } from '@rendezvous/contract';
