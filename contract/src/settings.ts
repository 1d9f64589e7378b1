import { z } from 'zod';
import { LOCALES } from './locales.js';
import { CreditPackageSettingSchema, PaymentRouteSchema } from './payments.js';
import { ModerationSettingSchema } from './message-rules.js';
import { PremiumSettingSchema } from './premium.js';

// Here rather than beside LOCALES: the constants there load on every page, zod only with forms.
export const LocaleSchema = z.enum(LOCALES);

/** Spec §2 "Landing slug depends on niche": 1 plain … 7 gay. */
export const NicheSchema = z.number().int().min(1).max(7);

export const TEMPLATE_NAMES = ['boxy', 'classic'] as const;
export const TemplateNameSchema = z.enum(TEMPLATE_NAMES);
export type TemplateName = z.infer<typeof TemplateNameSchema>;

/** Spec §3 "Site template variants": which parts of the interface a template shows. */
export const TemplateFeaturesSchema = /* @__PURE__ */ z.object({
  navigation: z.boolean(),
  signup: z.boolean(),
  profile_search: z.boolean(),
  member_details: z.boolean(),
  chat: z.boolean(),
  likes: z.boolean(),
  notifications: z.boolean(),
  footer: z.boolean(),
});
export type TemplateFeatures = z.infer<typeof TemplateFeaturesSchema>;

/** Every part of the interface shown: the usual template, which sites then trim. */
export const ALL_TEMPLATE_FEATURES: TemplateFeatures = {
  navigation: true,
  signup: true,
  profile_search: true,
  member_details: true,
  chat: true,
  likes: true,
  notifications: true,
  footer: true,
};

export const TemplateSchema = z.object({
  name: TemplateNameSchema,
  features: TemplateFeaturesSchema,
});

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Use an ISO 3166-1 alpha-2 code');

/**
 * A region a member may live in: `code` is its ISO 3166-2 code ("NL-NH"), by which the interface
 * names it in the member's language; `name` is the English name, for a region no catalogue knows.
 */
export const RegionItemSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type RegionItem = z.infer<typeof RegionItemSchema>;

export const MessageCostSchema = z.object({ costs: z.number().nonnegative(), currency: z.string().length(3) });

export const SIGNUP_MODES = ['all', 'with_trafficsource', 'other'] as const;
export const MEMBER_RESELL = ['cams', 'camads'] as const;
export const SEARCH_PAGING = ['infinite', 'pages'] as const;

/**
 * What an operator configures for a site and the `sites` table stores.
 * Request-dependent fields (region_data, geoip_*, push_pub) are added when the
 * settings object is assembled for a visitor.
 */
export const SiteConfigSchema = z.object({
  name: z.string().min(1),
  domain: z.string().min(1),
  niche: NicheSchema,
  domain_language: LocaleSchema,
  signups: z.enum(SIGNUP_MODES),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  fictional_icon: z.boolean(),
  fictional_plural: z.string(),
  countries: z.array(CountryCodeSchema).min(1),
  minimum_message_costs: z.record(z.string(), MessageCostSchema),
  message_credits: z.number().int().nonnegative(),
  /** Credits a new member gets at sign-up, so the first messages can be tried before buying. */
  welcome_credits: z.number().int().nonnegative().default(20),
  support_email: z.email(),
  email: z.email(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  member_resell: z.array(z.enum(MEMBER_RESELL)),
  cdn_prefix: z.string(),
  signup: z.object({
    showDots: z.boolean(),
    /** Spec §2 step 3: the free-text city field is optional per site. */
    showCity: z.boolean(),
  }),
  allowed_values: z.record(z.string(), z.array(z.string())),
  company_name: z.string(),
  company_address: z.string(),
  company_kvk: z.string(),
  company_city: z.string(),
  company_country: z.string(),
  company_tradenames: z.array(z.object({ id: z.number().int(), name: z.string() })),
  company_vat_numbers: z.array(z.string()),
  /**
   * The payment company's tradename whose card processor requires the terms to carry a
   * copyright-takedown and a record-keeping section (spec §2 Content pages). Those sections
   * appear only while `company_tradenames` holds this name; absent for every other site.
   */
  compliance_tradename: z.string().min(1).optional(),
  support_phone: z.string(),
  /** Percentage offered to a member who is about to delete the account. */
  delete_discount: z.number().int().min(0).max(100),
  /** The credit packages on sale (issue 16); none means buying is not offered on this site. */
  credit_packages: z.array(CreditPackageSettingSchema).default([]),
  /** Which provider takes which payment method, per country, currency and purchase (issue 16). */
  payment_routing: z.array(PaymentRouteSchema).default([]),
  /**
   * How many of the latest visitors of their profile a member without premium sees (issue 19);
   * premium members, and everyone on a site that sells no premium, see all. Absent: 3.
   */
  profile_visitors_free: z.number().int().min(0).max(100).optional(),
  /** Premium membership: its benefits and plans (issue 16); absent when the site sells none. */
  premium: PremiumSettingSchema.optional(),
  /** Which members' messages go to the moderation queue; operator-only, never sent to a browser. */
  moderation: ModerationSettingSchema.optional(),
  template: TemplateSchema,
  /** Spec §2 "Search results": infinite scroll or paging by ?page. */
  search_paging: z.enum(SEARCH_PAGING),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** The settings object of spec §3 as the browser receives it: without what only operators may read. */
export const SettingsSchema = SiteConfigSchema.omit({ moderation: true }).extend({
  region_data: z.record(z.string(), z.array(RegionItemSchema)),
  push_pub: z.string().nullable(),
  /**
   * Whether this server has a webcam partner's feed to fill the webcam ads with: without one the
   * search page does not ask for performers (an answer that could only be an error).
   */
  cams_feed: z.boolean(),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string().nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * The settings as a page's first HTML carries them (issue 17): without which provider takes which
 * payment, and the packages and plans on sale, which the browser reads through the pricing call
 * when a screen shows them.
 */
export type PublicSettings = Omit<Settings, 'credit_packages' | 'payment_routing' | 'premium'>;
