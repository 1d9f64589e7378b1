// Apart from get-credits.ts so that the chats load it, and zod, with their first call (see
// `lazySchemas`).
export { CreditsResponseSchema } from '@rendezvous/contract';
