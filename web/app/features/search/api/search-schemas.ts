// Apart from search-calls.ts so that the search page loads them, and zod, with its first search (see `AnswerSchema`).
export { CamsSearchResponseSchema, SearchResponseSchema } from '@rendezvous/contract';
