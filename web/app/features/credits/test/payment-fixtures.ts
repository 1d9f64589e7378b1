import type {
  CreditPackage,
  CreditPackagesResponse,
  Order,
  PaymentMethodsResponse,
  PremiumCheckoutResponse,
  PremiumPlan,
  PricingResponse,
  RepeatOrderResponse,
  SpendingResponse,
  Subscription,
  SubscriptionResponse,
} from '@rendezvous/contract';

export const eur = (amount: number) => ({ amount, currency: 'EUR' });

const SMALL: CreditPackage = { id: 'small', credits: 100, bonus_credits: 0, price: eur(999), per_message: eur(100) };
const LARGE: CreditPackage = { id: 'large', credits: 500, bonus_credits: 15, price: eur(3999), per_message: eur(78) };

/** Two packages priced for the Netherlands, on a site of two countries. */
export const PACKAGES: CreditPackagesResponse = {
  country: 'NL',
  countries: ['NL', 'BE'],
  message_credits: 10,
  packages: [SMALL, LARGE],
};

/** The large package from the Netherlands: 21 % VAT inside €39.99. */
export const LARGE_FROM_NL: PaymentMethodsResponse = {
  country: 'NL',
  package: LARGE,
  vat_rate_bp: 2100,
  net: eur(3305),
  vat: eur(694),
  methods: [
    { id: 'ideal', provider: 'dev' },
    { id: 'card', provider: 'dev' },
  ],
  within_spending_limit: true,
};

/** The large package bought last from the Netherlands by card, kept for repeat orders: 21 % VAT inside €39.99. */
export const REPEAT_LARGE_FROM_NL: RepeatOrderResponse = {
  package: LARGE,
  country: 'NL',
  method: 'card',
  vat_rate_bp: 2100,
  net: eur(3305),
  vat: eur(694),
  within_spending_limit: true,
  refusal: null,
};

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    state: 'pending',
    purchase: 'credits',
    package: { id: 'large', credits: 500, bonus_credits: 15 },
    plan: null,
    method: 'ideal',
    provider: 'dev',
    country: 'NL',
    vat_rate_bp: 2100,
    net: eur(3305),
    vat: eur(694),
    gross: eur(3999),
    return_to: null,
    created_at: '2026-11-25T10:00:00Z',
    paid_at: null,
    discount: null,
    ...overrides,
  };
}

/** A member who set €10.00 a month and spent €4.05 of it this month. */
export function makeSpending(overrides: Partial<SpendingResponse> = {}): SpendingResponse {
  return {
    currency: 'EUR',
    limit: 1000,
    spent: 405,
    reserved: 0,
    remaining: 595,
    month_start: '2026-11-01T00:00:00.000Z',
    month_end: '2026-12-01T00:00:00.000Z',
    pending: null,
    ...overrides,
  };
}

const MONTH: PremiumPlan = { id: 'month', months: 1, price: eur(1995), per_month: eur(1995), renewal_price: eur(1995) };
const QUARTER: PremiumPlan = {
  id: 'quarter',
  months: 3,
  price: eur(4995),
  per_month: eur(1665),
  renewal_price: eur(1695),
};

/** The public prices from the Netherlands: the two packages, and premium by the month or the quarter. */
export const PRICING: PricingResponse = {
  country: 'NL',
  countries: ['NL', 'BE'],
  message_credits: 10,
  premium_message_credits: 8,
  packages: [SMALL, LARGE],
  premium: {
    benefits: { no_ads: true, message_discount_percent: 20, monthly_bonus_credits: 50 },
    plans: [MONTH, QUARTER],
    visitors_free: 3,
  },
};

/** The quarter from the Netherlands: 21 % VAT inside €49.95. */
export const QUARTER_FROM_NL: PremiumCheckoutResponse = {
  country: 'NL',
  plan: QUARTER,
  vat_rate_bp: 2100,
  net: eur(4128),
  vat: eur(867),
  methods: [
    { id: 'ideal', provider: 'dev' },
    { id: 'card', provider: 'dev' },
  ],
  within_spending_limit: true,
  can_order: true,
};

/** A month of premium running from 20 November, renewing on 20 December, still within the withdrawal period. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    plan: 'month',
    state: 'active',
    started_at: '2026-11-20T10:00:00.000Z',
    current_period_end: '2026-12-20T10:00:00.000Z',
    renews: true,
    renewal_price: eur(1995),
    cancelled_at: null,
    withdrawn_at: null,
    withdrawal_until: '2026-12-04T10:00:00.000Z',
    withdrawal_refund: eur(1663),
    ...overrides,
  };
}

export const membership = (subscription: Subscription | null): SubscriptionResponse => ({
  subscription,
  premium: subscription?.state === 'active',
});
