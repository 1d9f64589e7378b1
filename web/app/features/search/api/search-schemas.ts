// Apart from search-calls.ts so that the search page loads them, and zod, with its first search (see
// `lazySchemas`).
export { CamsSearchResponseSchema, SearchResponseSchema } from '@rendezvous/contract';
