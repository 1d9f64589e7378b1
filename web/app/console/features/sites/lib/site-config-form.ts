import {
  DEFAULT_PROFILE_VISITORS_FREE,
  freeProfileVisitors,
  LOCALES,
  MODERATION_REASONS,
  NICHES,
  PROFILE_REVIEW_MODES,
  profileReviewOf,
  SIGNUP_MODES,
  TEMPLATE_NAMES,
  TemplateFeaturesSchema,
  VALIDATION,
  offeredReasons,
  type ModerationReason,
  type SiteConfig,
  type TemplateFeatures,
} from '@rendezvous/contract';
import { z } from 'zod';

/**
 * The console's form for a site's settings (issue 18): the settings an operator changes often as
 * fields, and the rest (prices, packages, payment routing, premium, profile fields…) as one JSON
 * text, so every setting can be edited and the server checks the whole object either way.
 */
const text = z.string().trim();
const required = text.min(1, VALIDATION.required);
const count = text.regex(/^\d+$/, VALIDATION.outOfRange);
const COUNTRY_LIST = /^[A-Z]{2}(\s*,\s*[A-Z]{2})*$/;

export const TEMPLATE_FEATURE_NAMES = Object.keys(TemplateFeaturesSchema.shape) as (keyof TemplateFeatures)[];

export const SiteConfigFormSchema = z.object({
  name: required,
  domain: required,
  niche: z.enum(NICHES.map(String) as [string, ...string[]], VALIDATION.choice),
  domain_language: z.enum(LOCALES, VALIDATION.choice),
  signups: z.enum(SIGNUP_MODES, VALIDATION.choice),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  countries: text.toUpperCase().regex(COUNTRY_LIST, VALIDATION.country),
  message_credits: count,
  welcome_credits: count,
  delete_discount: count.refine((value) => Number(value) <= 100, VALIDATION.outOfRange),
  /** The latest profile visitors a member without premium sees (issue 19). */
  profile_visitors_free: count.refine((value) => Number(value) <= 100, VALIDATION.outOfRange),
  support_email: z.email(VALIDATION.email),
  email: z.email(VALIDATION.email),
  support_phone: text,
  company_name: text,
  company_address: text,
  company_city: text,
  company_country: text,
  company_kvk: text,
  template_name: z.enum(TEMPLATE_NAMES, VALIDATION.choice),
  features: TemplateFeaturesSchema,
  flag_contact_details: z.boolean(),
  flag_payment_requests: z.boolean(),
  /** One word or phrase a line. */
  flag_words: z.string(),
  /** Each ground a decision may give, ticked when the site offers it. */
  reasons: z.record(z.enum(MODERATION_REASONS), z.boolean()),
  /** When new profile photos and about-me texts are reviewed (docs/decisions/022). */
  profile_review: z.enum(PROFILE_REVIEW_MODES, VALIDATION.choice),
  /** The other settings, as a JSON object. */
  advanced: z.string().refine(isJsonObject, 'console.sites.advanced_invalid'),
});
export type SiteConfigFormValues = z.input<typeof SiteConfigFormSchema>;

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The settings the form's fields hold; everything else is in `advanced`. */
const FIELD_SETTINGS = [
  'name',
  'domain',
  'niche',
  'domain_language',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'countries',
  'message_credits',
  'welcome_credits',
  'delete_discount',
  'profile_visitors_free',
  'support_email',
  'email',
  'support_phone',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'company_kvk',
  'template',
  'moderation',
] as const satisfies readonly (keyof SiteConfig)[];

const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function formValuesOf(config: SiteConfig): SiteConfigFormValues {
  const advanced: Partial<SiteConfig> = { ...config };
  for (const setting of FIELD_SETTINGS) delete advanced[setting];
  return {
    name: config.name,
    domain: config.domain,
    niche: String(config.niche),
    domain_language: config.domain_language,
    signups: config.signups,
    logged_out_search: config.logged_out_search,
    logged_out_search_trafficsource: config.logged_out_search_trafficsource,
    countries: config.countries.join(', '),
    message_credits: String(config.message_credits),
    welcome_credits: String(config.welcome_credits),
    delete_discount: String(config.delete_discount),
    profile_visitors_free: String(freeProfileVisitors(config)),
    support_email: config.support_email,
    email: config.email,
    support_phone: config.support_phone,
    company_name: config.company_name,
    company_address: config.company_address,
    company_city: config.company_city,
    company_country: config.company_country,
    company_kvk: config.company_kvk,
    template_name: config.template.name,
    features: config.template.features,
    flag_contact_details: config.moderation?.flag_contact_details ?? true,
    flag_payment_requests: config.moderation?.flag_payment_requests ?? true,
    flag_words: (config.moderation?.flag_words ?? []).join('\n'),
    reasons: Object.fromEntries(
      MODERATION_REASONS.map((reason) => [reason, offeredReasons(config.moderation?.reasons).includes(reason)]),
    ) as Record<ModerationReason, boolean>,
    profile_review: profileReviewOf(config.moderation),
    advanced: JSON.stringify(advanced, null, 2),
  };
}

/**
 * The whole settings object the form describes, for the server to check: the fields over the JSON.
 * A site that never had a `moderation` setting keeps none while the form leaves the defaults.
 */
export function configOf(values: z.output<typeof SiteConfigFormSchema>, before: SiteConfig): SiteConfig {
  const ticked = MODERATION_REASONS.filter((reason) => values.reasons[reason]);
  const moderation = {
    flag_contact_details: values.flag_contact_details,
    flag_payment_requests: values.flag_payment_requests,
    flag_words: lines(values.flag_words),
    // Every ground ticked on a site that never chose one is "every ground": the setting stays unset.
    ...(ticked.length === MODERATION_REASONS.length && !before.moderation?.reasons ? {} : { reasons: ticked }),
    // The default kept on a site that never chose one stays unset, as the grounds do.
    ...(values.profile_review === profileReviewOf(before.moderation) && !before.moderation?.profile_review
      ? {}
      : { profile_review: values.profile_review }),
  };
  const untouched =
    !before.moderation &&
    moderation.flag_contact_details &&
    moderation.flag_payment_requests &&
    !moderation.flag_words.length &&
    !('reasons' in moderation) &&
    !('profile_review' in moderation);
  return {
    ...(JSON.parse(values.advanced) as SiteConfig),
    name: values.name,
    domain: values.domain,
    niche: Number(values.niche),
    domain_language: values.domain_language,
    signups: values.signups,
    logged_out_search: values.logged_out_search,
    logged_out_search_trafficsource: values.logged_out_search_trafficsource,
    countries: values.countries.split(',').map((country) => country.trim()),
    message_credits: Number(values.message_credits),
    welcome_credits: Number(values.welcome_credits),
    delete_discount: Number(values.delete_discount),
    // The default kept on a site that never chose a number stays unset, as the moderation defaults do.
    ...(before.profile_visitors_free === undefined &&
    Number(values.profile_visitors_free) === DEFAULT_PROFILE_VISITORS_FREE
      ? {}
      : { profile_visitors_free: Number(values.profile_visitors_free) }),
    support_email: values.support_email,
    email: values.email,
    support_phone: values.support_phone,
    company_name: values.company_name,
    company_address: values.company_address,
    company_city: values.company_city,
    company_country: values.company_country,
    company_kvk: values.company_kvk,
    template: { name: values.template_name, features: values.features },
    ...(untouched ? {} : { moderation }),
  };
}

/**
 * The form's field for a setting the server refused (`config.countries.0` → `countries`); a
 * setting kept in the JSON keeps its path, for the form to list under it.
 */
export function formFieldOf(serverField: string): string {
  const path = serverField.replace(/^config\./, '');
  const [first = '', second = ''] = path.split('.');
  if (first === 'template') return second === 'features' ? 'features' : 'template_name';
  if (first === 'moderation') return second;
  return (FIELD_SETTINGS as readonly string[]).includes(first) ? first : path;
}
