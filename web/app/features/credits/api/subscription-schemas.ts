// Apart from the calls so that /profile and /cancel-contract paint before zod, and these load with
// their first call or check (see `lazySchemas`).
export {
  PublicCancelRequestSchema,
  PublicCancelResponseSchema,
  SubscriptionResponseSchema,
} from '@rendezvous/contract';
