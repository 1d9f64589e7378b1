import { z } from 'zod';
import { DiscountCodeInputSchema, DiscountCodeSchema } from './discounts.js';
import { RETURN_TO_MAX, RETURN_TO_PATTERN } from './payments-paths.js';
import { VALIDATION } from './validation.js';

/**
 * Buying credits (issue 16). The spec names the screens (§2 /credits, /credits/{creditId}/{paymentMethod?},
 * /transactions/{transactionId}) and leaves the calls out; these are ours, in its style (the
 * addresses are in payments-paths.ts, which the web's first screens load without zod):
 *
 * | call                                   | takes                         | answers                    |
 * |----------------------------------------|-------------------------------|----------------------------|
 * | GET  {@link CREDIT_PACKAGES_PATH}      | {@link CreditPackagesQuery}   | {@link CreditPackagesResponse} |
 * | GET  {@link PAYMENT_METHODS_PATH}      | {@link PaymentMethodsQuery}   | {@link PaymentMethodsResponse} |
 * | POST {@link ORDERS_PATH}               | {@link CreateOrderRequest}    | {@link CreateOrderResponse}    |
 * | GET  {@link ORDERS_PATH}?id=           | {@link OrderQuery}            | {@link Order} (404 unless the caller's own) |
 *
 * Providers talk to the server, not to the member's browser, at {@link paymentNotifyPath} (their
 * notification or webhook) and send the member back through {@link paymentReturnPath}, which
 * processes what the provider says and redirects to /transactions/{id}.
 */
export const paymentNotifyPath = (provider: PaymentProviderId) => `/api/payments/${provider}/notify`;
export const paymentReturnPath = (provider: PaymentProviderId) => `/api/payments/${provider}/return`;

/** `dev` is the local test checkout (never in production); the others are real processors. */
export const PAYMENT_PROVIDERS = ['dev', 'verotel', 'mollie'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderId = z.infer<typeof PaymentProviderSchema>;

/** How a member pays; which provider takes each is the site's routing table. */
export const PAYMENT_METHODS = ['card', 'ideal', 'bancontact', 'sepa_debit', 'przelewy24', 'paysafecard'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, VALIDATION.choice);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** What an order buys: credits, or a term of premium (premium.ts). */
export const PURCHASE_TYPES = ['credits', 'premium'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/**
 * created → pending (the member is at the provider) → paid | failed | cancelled | expired; a paid
 * order may later be refunded or charged back. Only the payments module moves an order.
 */
export const ORDER_STATES = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export const OrderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderStateSchema>;

/** Money in integer minor units (cents, grosze) of an ISO 4217 currency. */
export const MoneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().length(3),
});
export type Money = z.infer<typeof MoneySchema>;

/**
 * A discount code applied to a purchase (issue 16): a `percent` code takes `amount_off` from the
 * price before the VAT split, so `total` is what the member pays; a `bonus` code adds
 * `bonus_credits` and leaves the price alone.
 */
export const AppliedDiscountSchema = DiscountCodeSchema.pick({ code: true, kind: true, value: true }).extend({
  amount_off: MoneySchema,
  bonus_credits: z.number().int(),
  total: MoneySchema,
});
export type AppliedDiscount = z.infer<typeof AppliedDiscountSchema>;

const country = z.string(VALIDATION.country).regex(/^[A-Z]{2}$/, VALIDATION.country);

/**
 * Site settings (issue 16): the credit packages and their prices. A price is what the member pays,
 * VAT included, per country as `minimum_message_costs` is; the VAT inside it is the buyer's
 * country's rate (server data with dates), so the operator sets the price a member sees.
 */
export const CreditPackageSettingSchema = z.object({
  /** Stable, in addresses: /credits/{creditId}. */
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  credits: z.number().int().positive(),
  /** Extra credits on top, shown as a bonus, never as a fake reference price. */
  bonus_credits: z.number().int().nonnegative().default(0),
  prices: z.record(z.string(), MoneySchema),
});
export type CreditPackageSetting = z.infer<typeof CreditPackageSettingSchema>;

/**
 * Site settings: which provider takes which method. The first rule that matches the purchase
 * type, the country and the currency, and names the method, wins. `*` matches every country.
 */
export const PaymentRouteSchema = z.object({
  provider: PaymentProviderSchema,
  methods: z.array(PaymentMethodSchema).min(1),
  countries: z.array(z.union([z.literal('*'), z.string().regex(/^[A-Z]{2}$/)])).default(['*']),
  currencies: z.array(z.string().length(3)).optional(),
  purchases: z.array(z.enum(PURCHASE_TYPES)).default(['credits', 'premium']),
});
export type PaymentRoute = z.infer<typeof PaymentRouteSchema>;

/** GET /api/creditpackages.php: the packages priced for a country (the member's payment country by default). */
export const CreditPackagesQuerySchema = z.object({ country: country.optional() });
export type CreditPackagesQuery = z.input<typeof CreditPackagesQuerySchema>;

export const CreditPackageSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  bonus_credits: z.number().int(),
  /** What the member pays, VAT included. */
  price: MoneySchema,
  /** The price of one message's credits at this package's rate (spec §9: costs in the member's currency). */
  per_message: MoneySchema,
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

export const CreditPackagesResponseSchema = z.object({
  /** The country the prices are for: the one asked, else payment country, country, GeoIP, the site's first. */
  country: z.string(),
  /** The countries a member may choose as payment country (the site's). */
  countries: z.array(z.string()),
  /** Credits one message costs on this site. */
  message_credits: z.number().int(),
  packages: z.array(CreditPackageSchema),
});
export type CreditPackagesResponse = z.infer<typeof CreditPackagesResponseSchema>;

/** GET /api/paymentmethods.php: how a package can be paid from a country. */
export const PaymentMethodsQuerySchema = z.object({
  package: z.string().min(1).max(32),
  country,
  /** A discount code to price in (see discounts.ts); 400 with `fields.discount_code` when it cannot be used. */
  discount_code: DiscountCodeInputSchema.optional(),
});
export type PaymentMethodsQuery = z.input<typeof PaymentMethodsQuerySchema>;

export const PaymentMethodsResponseSchema = z.object({
  country: z.string(),
  package: CreditPackageSchema,
  /** VAT inside the price for this country, in basis points (2100 = 21 %), and the amounts. */
  vat_rate_bp: z.number().int(),
  net: MoneySchema,
  vat: MoneySchema,
  methods: z.array(z.object({ id: PaymentMethodSchema, provider: PaymentProviderSchema })),
  /** False when buying the package now would go over the member's monthly spending limit (spending.ts). */
  within_spending_limit: z.boolean(),
  /** The code asked for and what it gives; net and VAT above are of the discounted total then. */
  discount: AppliedDiscountSchema.optional(),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

/**
 * POST /api/orders.php: order a package. `immediate_delivery` is the member's express request to
 * have the credits at once, acknowledging that the 14-day withdrawal right ends for what is used
 * (EU 2011/83 art. 16(m)); the box is unticked, and no order is made without it.
 */
export const CreateOrderRequestSchema = z.object({
  package: z.string(VALIDATION.required).min(1, VALIDATION.required).max(32, VALIDATION.choice),
  method: PaymentMethodSchema,
  country,
  immediate_delivery: z.literal(true, VALIDATION.required),
  /** Where to go after paying: a path of this site (a conversation, with its unsent message kept by the web app). */
  return_to: z.string().max(RETURN_TO_MAX).regex(RETURN_TO_PATTERN, VALIDATION.choice).optional(),
  discount_code: DiscountCodeInputSchema.optional(),
  /** The member asks to keep this payment method for one-step repeat orders (/credits/repeat-order). */
  keep_method: z.boolean().optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequestSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  state: OrderStateSchema,
  purchase: z.enum(PURCHASE_TYPES),
  /** What was bought: for credits, the package as it was when ordered. */
  package: z.object({ id: z.string(), credits: z.number().int(), bonus_credits: z.number().int() }).nullable(),
  /** For premium: the plan and the months this payment covers (its first term, or one month renewed). */
  plan: z.object({ id: z.string(), months: z.number().int(), renewal: z.boolean() }).nullable(),
  method: PaymentMethodSchema,
  provider: PaymentProviderSchema,
  country: z.string(),
  vat_rate_bp: z.number().int(),
  net: MoneySchema,
  vat: MoneySchema,
  gross: MoneySchema,
  return_to: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The code the order was made with; `gross` is already the discounted total. */
  discount: AppliedDiscountSchema.pick({ code: true, amount_off: true, bonus_credits: true }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CreateOrderResponseSchema = z.object({
  order: OrderSchema,
  /** The provider's checkout (or the dev checkout): the browser goes there next. */
  redirect_url: z.string(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

export const OrderQuerySchema = z.object({ id: z.coerce.number<string>().int().positive() });
export type OrderQuery = z.input<typeof OrderQuerySchema>;

/**
 * GET /api/repeatorder.php: the member's last credits purchase and whether it can be repeated in
 * one step, through the payment method its provider kept (a mandate or a one-click token).
 */
export const REPEAT_ORDER_REFUSALS = ['no_purchase', 'no_kept_method', 'package_gone'] as const;
export type RepeatOrderRefusal = (typeof REPEAT_ORDER_REFUSALS)[number];

export const RepeatOrderResponseSchema = z.object({
  /** The last purchase's package, priced now for its country; null when there is none to repeat. */
  package: CreditPackageSchema.nullable(),
  country: z.string().nullable(),
  method: PaymentMethodSchema.nullable(),
  vat_rate_bp: z.number().int(),
  net: MoneySchema.nullable(),
  vat: MoneySchema.nullable(),
  within_spending_limit: z.boolean(),
  /** Null when it can be repeated; else why not, and the member buys the usual way. */
  refusal: z.enum(REPEAT_ORDER_REFUSALS).nullable(),
});
export type RepeatOrderResponse = z.infer<typeof RepeatOrderResponseSchema>;

/** POST /api/repeatorder.php: the one confirmation, with the same express request as any order. */
export const RepeatOrderRequestSchema = z.object({
  immediate_delivery: z.literal(true, VALIDATION.required),
});
export type RepeatOrderRequest = z.input<typeof RepeatOrderRequestSchema>;
