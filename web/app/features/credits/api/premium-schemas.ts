// Apart from the premium calls so that /pricing and /premium paint before zod and these schemas
// load with their first call (see `lazySchemas`).
export {
  CreateOrderResponseSchema,
  CreatePremiumOrderRequestSchema,
  PremiumCheckoutResponseSchema,
  PricingResponseSchema,
} from '@rendezvous/contract';
