import { z } from 'zod';
import { EmailSchema } from './accounts.js';
import { CreditPackageSchema, MoneySchema, PaymentMethodSchema, PaymentProviderSchema } from './payments.js';
import { RETURN_TO_MAX, RETURN_TO_PATTERN } from './payments-paths.js';
import { VALIDATION } from './validation.js';

/**
 * Premium membership (issue 16): terms bought like credits, renewed only as Dutch and EU law
 * allow, cancellable in the account and on a public page, with the EU withdrawal button. The
 * addresses are in payments-paths.ts.
 *
 * | call                                | who     | takes                          | answers                         |
 * |-------------------------------------|---------|--------------------------------|---------------------------------|
 * | GET  /api/pricing.php               | anyone  | {@link PricingQuery}           | {@link PricingResponse}         |
 * | GET  /api/premiumorders.php         | member  | {@link PremiumCheckoutQuery}   | {@link PremiumCheckoutResponse} |
 * | POST /api/premiumorders.php         | member  | {@link CreatePremiumOrderRequest} | CreateOrderResponse (payments.ts) |
 * | GET  /api/subscription.php          | member  |                                | {@link SubscriptionResponse}    |
 * | POST /api/subscription.php          | member  | {@link SubscriptionActionRequest} | {@link SubscriptionResponse} |
 * | POST /api/cancelcontract.php        | anyone  | {@link PublicCancelRequest}    | {@link PublicCancelResponse}    |
 *
 * Renewal: a plan's first term may be longer than a month, but after it the membership renews
 * only per month, at the plan's monthly renewal price, and can be ended any month (Dutch civil
 * code 7:236 and 7:237, the German §309 no. 9 BGB). A reminder e-mail goes out
 * {@link RENEWAL_REMINDER_DAYS} days before each renewal charge. Cancelling stops the next
 * renewal; what was paid runs to its end.
 *
 * Withdrawal (EU 2011/83 art. 9 and 14(3), the withdrawal function of EU 2023/2673): within
 * {@link WITHDRAWAL_DAYS} days of the contract the member can withdraw; premium ends at once and
 * the price comes back less the part for the days already used, which the member asked to start
 * at once when ordering.
 */

export const RENEWAL_REMINDER_DAYS = 7;
export const WITHDRAWAL_DAYS = 14;

/**
 * Site settings: what premium gives on this site, enforced by the server. `no_ads` is the spec's
 * `paid_user` rule for webcam ads; `message_discount_percent` lowers what each message costs in
 * credits (rounded up, never below one); `monthly_bonus_credits` come with every paid month.
 */
export const PremiumBenefitsSchema = z.object({
  no_ads: z.boolean(),
  message_discount_percent: z.number().int().min(0).max(90),
  monthly_bonus_credits: z.number().int().nonnegative(),
});
export type PremiumBenefits = z.infer<typeof PremiumBenefitsSchema>;

export const PremiumPlanSettingSchema = z.object({
  /** Stable, in addresses: /premium?plan={id}. */
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  /** The first term; every renewal after it is one month. */
  months: z.number().int().min(1).max(12),
  /** The first term's price per country, VAT included. */
  prices: z.record(z.string(), MoneySchema),
  /** One month after the first term, per country, in the same currency as `prices`. */
  renewal_prices: z.record(z.string(), MoneySchema),
});
export type PremiumPlanSetting = z.infer<typeof PremiumPlanSettingSchema>;

/** Site settings `premium`: absent when the site sells no premium. */
export const PremiumSettingSchema = z.object({
  benefits: PremiumBenefitsSchema,
  plans: z.array(PremiumPlanSettingSchema).min(1),
});
export type PremiumSetting = z.infer<typeof PremiumSettingSchema>;

const country = z.string(VALIDATION.country).regex(/^[A-Z]{2}$/, VALIDATION.country);

export const PremiumPlanSchema = z.object({
  id: z.string(),
  months: z.number().int(),
  /** The first term, VAT included. */
  price: MoneySchema,
  /** What the first term comes to per month, for comparing plans honestly. */
  per_month: MoneySchema,
  /** Each month after the first term. */
  renewal_price: MoneySchema,
});
export type PremiumPlan = z.infer<typeof PremiumPlanSchema>;

/** GET /api/pricing.php: public prices for a country (asked, else the member's, GeoIP, the site's first). */
export const PricingQuerySchema = z.object({ country: country.optional() });
export type PricingQuery = z.input<typeof PricingQuerySchema>;

export const PricingResponseSchema = z.object({
  country: z.string(),
  countries: z.array(z.string()),
  /** Credits one message costs, and for a premium member. */
  message_credits: z.number().int(),
  premium_message_credits: z.number().int().nullable(),
  packages: z.array(CreditPackageSchema),
  /**
   * Null when the site sells no premium. `visitors_free`: how many of the latest visitors of their
   * profile a member without premium sees (premium shows all, issue 19), a benefit the offer names.
   */
  premium: z
    .object({
      benefits: PremiumBenefitsSchema,
      plans: z.array(PremiumPlanSchema),
      visitors_free: z.number().int(),
    })
    .nullable(),
});
export type PricingResponse = z.infer<typeof PricingResponseSchema>;

/** GET /api/premiumorders.php: what a plan costs from a country and how it can be paid. */
export const PremiumCheckoutQuerySchema = z.object({ plan: z.string().min(1).max(32), country });
export type PremiumCheckoutQuery = z.input<typeof PremiumCheckoutQuerySchema>;

export const PremiumCheckoutResponseSchema = z.object({
  country: z.string(),
  plan: PremiumPlanSchema,
  vat_rate_bp: z.number().int(),
  net: MoneySchema,
  vat: MoneySchema,
  methods: z.array(z.object({ id: PaymentMethodSchema, provider: PaymentProviderSchema })),
  within_spending_limit: z.boolean(),
  /** False while the member already has a membership that runs or renews: one at a time. */
  can_order: z.boolean(),
});
export type PremiumCheckoutResponse = z.infer<typeof PremiumCheckoutResponseSchema>;

/**
 * POST /api/premiumorders.php. `immediate_start` is the member's express request to start at
 * once, acknowledging that a withdrawal then pays for the days used; the box is unticked.
 */
export const CreatePremiumOrderRequestSchema = z.object({
  plan: z.string(VALIDATION.required).min(1, VALIDATION.required).max(32, VALIDATION.choice),
  method: PaymentMethodSchema,
  country,
  immediate_start: z.literal(true, VALIDATION.required),
  return_to: z.string().max(RETURN_TO_MAX).regex(RETURN_TO_PATTERN, VALIDATION.choice).optional(),
});
export type CreatePremiumOrderRequest = z.input<typeof CreatePremiumOrderRequestSchema>;

/** pending: ordered, not paid yet; active: paid and running; ended: over, cancelled or withdrawn. */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  plan: z.string(),
  state: z.enum(SUBSCRIPTION_STATES),
  started_at: z.string().nullable(),
  /** Premium runs until this moment; the next renewal is charged then, while `renews`. */
  current_period_end: z.string().nullable(),
  renews: z.boolean(),
  renewal_price: MoneySchema,
  cancelled_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** The last moment the withdrawal button works; null once it is past or used. */
  withdrawal_until: z.string().nullable(),
  /** What a withdrawal now would give back. */
  withdrawal_refund: MoneySchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionResponseSchema = z.object({
  /** The member's newest membership, null if they never ordered one. */
  subscription: SubscriptionSchema.nullable(),
  /** Whether premium's benefits apply now. */
  premium: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const SUBSCRIPTION_ACTIONS = ['cancel', 'resume', 'withdraw'] as const;
export const SubscriptionActionRequestSchema = z.object({ action: z.enum(SUBSCRIPTION_ACTIONS, VALIDATION.choice) });
export type SubscriptionActionRequest = z.input<typeof SubscriptionActionRequestSchema>;

/**
 * POST /api/cancelcontract.php: the public "cancel a contract here" page (§312k BGB), without
 * logging in. The answer never says whether the address has a membership: the confirmation, or
 * the news that none was found, goes to that address by e-mail.
 */
export const PublicCancelRequestSchema = z.object({
  email: EmailSchema,
  /** Optional: whom the contract is in the name of, as the law lets a member identify it. */
  name: z.string().trim().max(100, VALIDATION.tooLong).optional(),
});
export type PublicCancelRequest = z.input<typeof PublicCancelRequestSchema>;

export const PublicCancelResponseSchema = z.object({ received_at: z.string() });
export type PublicCancelResponse = z.infer<typeof PublicCancelResponseSchema>;
