import { z } from 'zod';

/**
 * The parts of Mollie's Payments API v2 answers the adapter reads (docs.mollie.com/reference:
 * get-payment, list-payment-refunds, list-payment-chargebacks, list-methods, create-customer,
 * handling-errors). Fields we do not read are left out and ignored, so Mollie adding some breaks nothing.
 */
export const MollieAmountSchema = z.object({
  currency: z.string().length(3),
  value: z.string(),
});

const LinkSchema = z.object({ href: z.string() });

/** Every status a v2 payment can have; `authorized` only comes with manual capture, which we never ask for. */
export const MOLLIE_PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type MolliePaymentStatus = (typeof MOLLIE_PAYMENT_STATUSES)[number];

export const MolliePaymentSchema = z.object({
  id: z.string(),
  status: z.enum(MOLLIE_PAYMENT_STATUSES),
  amount: MollieAmountSchema,
  /** Present once a refund exists, whatever that refund's own status. */
  amountRefunded: MollieAmountSchema.optional(),
  amountChargedBack: MollieAmountSchema.optional(),
  /** Whatever we sent at creation; null or absent when the payment was not made by us. */
  metadata: z.unknown(),
  sequenceType: z.string().optional(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
  subscriptionId: z.string().nullish(),
  _links: z.object({
    /** Absent for recurring payments, which the member never visits. */
    checkout: LinkSchema.nullish(),
  }),
});
export type MolliePayment = z.infer<typeof MolliePaymentSchema>;

export const MOLLIE_REFUND_STATUSES = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;

export const MollieRefundSchema = z.object({
  id: z.string(),
  amount: MollieAmountSchema,
  status: z.enum(MOLLIE_REFUND_STATUSES),
});
export type MollieRefund = z.infer<typeof MollieRefundSchema>;

export const MollieRefundListSchema = z.object({
  _embedded: z.object({ refunds: z.array(MollieRefundSchema) }),
});

export const MollieChargebackSchema = z.object({
  id: z.string(),
  amount: MollieAmountSchema,
  /** Set when the bank gave the money back to the merchant after all. */
  reversedAt: z.string().nullish(),
});
export type MollieChargeback = z.infer<typeof MollieChargebackSchema>;

export const MollieChargebackListSchema = z.object({
  _embedded: z.object({ chargebacks: z.array(MollieChargebackSchema) }),
});

export const MollieMethodListSchema = z.object({
  _embedded: z.object({ methods: z.array(z.object({ id: z.string() })) }),
});

export const MollieCustomerSchema = z.object({ id: z.string() });

/** Cancelling answers the subscription as it now is. */
export const MollieSubscriptionSchema = z.object({ id: z.string(), status: z.string() });

/** Mollie's error body (RFC 7807 style): `detail` says what went wrong in words. */
export const MollieErrorSchema = z.object({
  status: z.number().int(),
  title: z.string().optional(),
  detail: z.string(),
  field: z.string().optional(),
});
