// Apart from get-likes.ts so that zod is evaluated in a task before the schemas (see `lazySchemas`).
export { LikesResponseSchema } from '@rendezvous/contract';
