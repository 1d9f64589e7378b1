// Apart from get-member.ts so that the member page loads it, and zod, with its first call (see
// `lazySchemas`).
export { MemberDetailSchema } from '@rendezvous/contract';
