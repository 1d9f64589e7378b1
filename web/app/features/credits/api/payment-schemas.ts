// Apart from the payment calls so that the credits screens load them, and zod, with their first
// call (see `lazySchemas`); the chats' credits line does not load them at all.
export {
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  CreditPackagesResponseSchema,
  DiscountCodeSchema,
  OrderSchema,
  PaymentMethodsResponseSchema,
  RepeatOrderRequestSchema,
  RepeatOrderResponseSchema,
} from '@rendezvous/contract';
