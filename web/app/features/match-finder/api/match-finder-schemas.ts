// Apart from find-matches.ts so that the finder loads them, and zod, with its first matches (see
// `lazySchemas`).
export { MatchFinderResponseSchema } from '@rendezvous/contract';
