// Apart from signup-calls.ts and the account step, so that the sign-up loads these, and zod, with its
// first call or check (see `lazySchemas`).
export {
  ActivateStatusSchema,
  EmailSchema,
  GeocodeResponseSchema,
  ValidateEmailResponseSchema,
} from '@rendezvous/contract';
