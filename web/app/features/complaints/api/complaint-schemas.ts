// Apart from send-complaint.ts and the form, so that the complaints page loads them, and zod, with the
// first check (see `lazySchemas`).
export { ComplaintRequestSchema, ComplaintResponseSchema } from '@rendezvous/contract';
