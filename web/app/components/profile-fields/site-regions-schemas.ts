// Apart from site-regions.ts, so that zod and the schema load with the first call (see `lazySchemas`).
export { RegionsResponseSchema } from '@rendezvous/contract';
