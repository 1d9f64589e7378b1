// Apart from user-calls.ts so that the pages changing the account load it, and zod, with their first
// call (see `lazySchemas`).
export { UserSchema } from '@rendezvous/contract';
