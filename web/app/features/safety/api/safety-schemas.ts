// Apart from safety-calls.ts so that the pages offering a block load it, and zod, with their first
// call (see `lazySchemas`).
export { BlockedResponseSchema } from '@rendezvous/contract';
