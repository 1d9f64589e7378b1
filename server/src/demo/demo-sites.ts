import { ALL_TEMPLATE_FEATURES, PAYMENT_METHODS, type PaymentRoute, type SiteConfig } from '@rendezvous/contract';

/** The domain that serves unknown hosts too (architecture: "unknown hosts get the default site"). */
export const DEFAULT_DEMO_DOMAIN = 'localhost';

// Value codes, not labels: the web app translates them, so they stay short and English.
const PROFILE_FIELDS = ['city', 'relationship', 'smoking', 'education'];
export const DEMO_ALLOWED_VALUES = {
  relationship: ['single', 'divorced', 'widowed', 'separated'],
  smoking: ['no', 'sometimes', 'yes'],
  education: ['secondary', 'vocational', 'bachelor', 'master', 'doctorate'],
} satisfies Record<string, string[]>;
const PROFILE_NOTES = ['about_me', 'looking_for'];
// The search filters of spec §3.
const SEARCH_FIELDS = ['gender', 'min_age', 'max_age', 'country', 'countryregion'];

/**
 * Two sites that differ wherever the spec lets sites differ (template, sign-up mode,
 * logged-out search, paging, resale, currencies, when profiles are reviewed), so both code paths
 * show up on a fresh start.
 * Company details are fictional; the registration numbers have the right shape only.
 */
/** Every method through the local test checkout, so `npm start` can buy credits end to end. */
const DEV_ROUTING: PaymentRoute[] = [
  { provider: 'dev', methods: [...PAYMENT_METHODS], countries: ['*'], purchases: ['credits', 'premium'] },
];

/** A package's prices: per country, in that country's currency, VAT included (minor units). */
function priced(prices: Record<string, [number, string]>) {
  return Object.fromEntries(
    Object.entries(prices).map(([country, [amount, currency]]) => [country, { amount, currency }]),
  );
}

/** Premium for a month, per country: also what every later month costs. */
const RENDEZVOUS_MONTH = priced({ NL: [1995, 'EUR'], BE: [1995, 'EUR'], DE: [1995, 'EUR'], GB: [1795, 'GBP'] });
const SPARKS_MONTH = priced({
  GB: [1495, 'GBP'],
  IE: [1695, 'EUR'],
  US: [1999, 'USD'],
  CA: [2499, 'CAD'],
  AU: [2799, 'AUD'],
  NZ: [2999, 'NZD'],
});

export const DEMO_SITES: SiteConfig[] = [
  {
    name: 'Rendezvous',
    domain: DEFAULT_DEMO_DOMAIN,
    niche: 1,
    domain_language: 'nl',
    signups: 'all',
    logged_out_search: false,
    logged_out_search_trafficsource: false,
    fictional_icon: true,
    fictional_plural: 'hosts',
    countries: ['NL', 'BE', 'DE', 'GB'],
    minimum_message_costs: {
      NL: { costs: 1.99, currency: 'EUR' },
      BE: { costs: 1.99, currency: 'EUR' },
      DE: { costs: 2.19, currency: 'EUR' },
      GB: { costs: 1.79, currency: 'GBP' },
    },
    message_credits: 10,
    welcome_credits: 20,
    support_email: 'support@rendezvous.localhost',
    email: 'info@rendezvous.localhost',
    visible_profile_fields: PROFILE_FIELDS,
    visible_profile_notes: PROFILE_NOTES,
    search_fields: SEARCH_FIELDS,
    member_resell: ['cams', 'camads'],
    cdn_prefix: '',
    signup: { showDots: true, showCity: true },
    allowed_values: DEMO_ALLOWED_VALUES,
    company_name: 'Rendezvous Media B.V.',
    company_address: 'Keizersgracht 417',
    company_kvk: '81234567',
    company_city: '1016 EK Amsterdam',
    company_country: 'Netherlands',
    company_tradenames: [{ id: 1, name: 'Rendezvous' }],
    company_vat_numbers: ['NL862154307B01'],
    support_phone: '+31 20 555 0123',
    delete_discount: 50,
    credit_packages: [
      {
        id: 'starter',
        credits: 50,
        bonus_credits: 0,
        prices: priced({ NL: [995, 'EUR'], BE: [995, 'EUR'], DE: [1095, 'EUR'], GB: [895, 'GBP'] }),
      },
      {
        id: 'regular',
        credits: 150,
        bonus_credits: 15,
        prices: priced({ NL: [2495, 'EUR'], BE: [2495, 'EUR'], DE: [2695, 'EUR'], GB: [2195, 'GBP'] }),
      },
      {
        id: 'plus',
        credits: 400,
        bonus_credits: 60,
        prices: priced({ NL: [5995, 'EUR'], BE: [5995, 'EUR'], DE: [6495, 'EUR'], GB: [5295, 'GBP'] }),
      },
    ],
    payment_routing: DEV_ROUTING,
    premium: {
      benefits: { no_ads: true, message_discount_percent: 20, monthly_bonus_credits: 50 },
      plans: [
        {
          id: 'month',
          months: 1,
          prices: RENDEZVOUS_MONTH,
          renewal_prices: RENDEZVOUS_MONTH,
        },
        {
          id: 'quarter',
          months: 3,
          prices: priced({ NL: [4995, 'EUR'], BE: [4995, 'EUR'], DE: [4995, 'EUR'], GB: [4495, 'GBP'] }),
          renewal_prices: priced({ NL: [1695, 'EUR'], BE: [1695, 'EUR'], DE: [1695, 'EUR'], GB: [1495, 'GBP'] }),
        },
      ],
    },
    template: { name: 'classic', features: ALL_TEMPLATE_FEATURES },
    search_paging: 'infinite',
  },
  {
    name: 'Silver Sparks',
    domain: 'boxy.localhost',
    niche: 6,
    domain_language: 'en',
    signups: 'with_trafficsource',
    logged_out_search: true,
    logged_out_search_trafficsource: true,
    fictional_icon: true,
    fictional_plural: 'companions',
    countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
    minimum_message_costs: {
      GB: { costs: 1.49, currency: 'GBP' },
      IE: { costs: 1.69, currency: 'EUR' },
      US: { costs: 1.99, currency: 'USD' },
      CA: { costs: 2.49, currency: 'CAD' },
      AU: { costs: 2.79, currency: 'AUD' },
      NZ: { costs: 2.99, currency: 'NZD' },
    },
    message_credits: 8,
    welcome_credits: 20,
    support_email: 'support@silversparks.localhost',
    email: 'hello@silversparks.localhost',
    visible_profile_fields: PROFILE_FIELDS,
    visible_profile_notes: PROFILE_NOTES,
    search_fields: SEARCH_FIELDS,
    member_resell: [],
    cdn_prefix: '',
    signup: { showDots: false, showCity: false },
    allowed_values: DEMO_ALLOWED_VALUES,
    company_name: 'Silver Sparks Online Ltd',
    company_address: '27 Marine Parade',
    company_kvk: '13579246',
    company_city: 'Brighton BN2 1TL',
    company_country: 'United Kingdom',
    company_tradenames: [
      { id: 1, name: 'Silver Sparks' },
      { id: 2, name: 'Sparks Chat' },
    ],
    // Billed as Sparks Chat, whose processor asks for the takedown and record-keeping terms.
    compliance_tradename: 'Sparks Chat',
    company_vat_numbers: ['GB318457296'],
    support_phone: '+44 1273 555 014',
    delete_discount: 30,
    credit_packages: [
      {
        id: 'starter',
        credits: 40,
        bonus_credits: 0,
        prices: priced({
          GB: [749, 'GBP'],
          IE: [849, 'EUR'],
          US: [999, 'USD'],
          CA: [1299, 'CAD'],
          AU: [1499, 'AUD'],
          NZ: [1599, 'NZD'],
        }),
      },
      {
        id: 'regular',
        credits: 120,
        bonus_credits: 12,
        prices: priced({
          GB: [1949, 'GBP'],
          IE: [2249, 'EUR'],
          US: [2599, 'USD'],
          CA: [3399, 'CAD'],
          AU: [3899, 'AUD'],
          NZ: [4199, 'NZD'],
        }),
      },
    ],
    payment_routing: DEV_ROUTING,
    premium: {
      benefits: { no_ads: true, message_discount_percent: 25, monthly_bonus_credits: 40 },
      plans: [
        {
          id: 'month',
          months: 1,
          prices: SPARKS_MONTH,
          // A monthly plan renews at its own price.
          renewal_prices: SPARKS_MONTH,
        },
      ],
    },
    template: { name: 'boxy', features: ALL_TEMPLATE_FEATURES },
    // Rendezvous reviews new photos and texts after publication (the default); Silver Sparks before.
    moderation: { flag_contact_details: true, flag_payment_requests: true, flag_words: [], profile_review: 'before' },
    search_paging: 'pages',
  },
];
