import { ALL_TEMPLATE_FEATURES, type SiteConfig } from '@rendezvous/contract';

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
 * logged-out search, paging, resale, currencies), so both code paths show up on a fresh start.
 * Company details are fictional; the registration numbers have the right shape only.
 */
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
    template: { name: 'boxy', features: ALL_TEMPLATE_FEATURES },
    search_paging: 'pages',
  },
];
