// Apart from the calls so that zod loads with the first spending call (see `lazySchemas`).
export { SpendingLimitRequestSchema, SpendingResponseSchema } from '@rendezvous/contract';
