import type {
  CreditPackage,
  CreditPackagesResponse,
  Order,
  PaymentMethodsResponse,
  SpendingResponse,
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
