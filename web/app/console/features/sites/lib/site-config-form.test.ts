import { MODERATION_REASONS, SiteConfigSchema, type SiteConfig } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '../../../../test/render';
import { SiteConfigFormSchema, configOf, formFieldOf, formValuesOf } from './site-config-form';

/** A site's stored settings: the browser's settings object without what a visitor adds. */
function storedConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  const {
    region_data: _regions,
    push_pub: _push,
    geoip_country: _geo,
    geoip_selected_country: _selected,
    ...config
  } = makeSettings();
  return SiteConfigSchema.parse({ ...config, ...overrides });
}

const submitted = (config: SiteConfig, edit: Partial<ReturnType<typeof formValuesOf>> = {}) =>
  configOf(SiteConfigFormSchema.parse({ ...formValuesOf(config), ...edit }), config);

describe('the site settings form', () => {
  it('gives back exactly the settings it was given when nothing is edited', () => {
    const config = storedConfig();
    expect(submitted(config)).toEqual(config);
    const flagged = storedConfig({
      moderation: { flag_contact_details: false, flag_payment_requests: true, flag_words: ['escort'] },
    });
    expect(submitted(flagged)).toEqual(flagged);
    const fewReasons = storedConfig({
      moderation: {
        flag_contact_details: true,
        flag_payment_requests: true,
        flag_words: [],
        reasons: ['no_violation', 'minor', 'trafficking', 'illegal', 'spam'],
      },
    });
    expect(submitted(fewReasons)).toEqual(fewReasons);
  });

  it('writes the grounds out once a site leaves one out', () => {
    const config = storedConfig();
    const values = formValuesOf(config);
    expect(submitted(config, { reasons: { ...values.reasons, fake: false } }).moderation?.reasons).toEqual(
      MODERATION_REASONS.filter((reason) => reason !== 'fake'),
    );
  });

  it('writes the review of profile photos and texts only once a site chooses one', () => {
    const config = storedConfig();
    expect(formValuesOf(config).profile_review).toBe('after');
    expect(submitted(config).moderation).toBeUndefined();
    expect(submitted(config, { profile_review: 'before' }).moderation).toEqual({
      flag_contact_details: true,
      flag_payment_requests: true,
      flag_words: [],
      profile_review: 'before',
    });
    const chosen = storedConfig({
      moderation: { flag_contact_details: true, flag_payment_requests: true, flag_words: [], profile_review: 'after' },
    });
    expect(submitted(chosen)).toEqual(chosen);
  });

  it('writes the profile visitors seen without premium only once a site chooses a number', () => {
    const config = storedConfig();
    expect(formValuesOf(config).profile_visitors_free).toBe('3');
    expect(submitted(config)).not.toHaveProperty('profile_visitors_free');
    expect(submitted(config, { profile_visitors_free: '10' }).profile_visitors_free).toBe(10);
    const chosen = storedConfig({ profile_visitors_free: 3 });
    expect(submitted(chosen).profile_visitors_free).toBe(3);
    expect(SiteConfigFormSchema.safeParse({ ...formValuesOf(config), profile_visitors_free: '101' }).success).toBe(
      false,
    );
  });

  it('reads the fields as the settings object writes them, and the JSON for the rest', () => {
    const config = storedConfig();
    const advanced = JSON.stringify({ ...JSON.parse(formValuesOf(config).advanced), support_phone: 'ignored' });
    const next = submitted(config, {
      countries: 'nl, be ,de',
      message_credits: '12',
      niche: '6',
      flag_words: ' escort \n\n sugar daddy ',
      advanced: JSON.stringify({ ...JSON.parse(advanced), search_paging: 'pages' }),
    });
    expect(next).toMatchObject({
      countries: ['NL', 'BE', 'DE'],
      message_credits: 12,
      niche: 6,
      search_paging: 'pages',
      support_phone: config.support_phone,
      moderation: { flag_contact_details: true, flag_payment_requests: true, flag_words: ['escort', 'sugar daddy'] },
    });
  });

  it('refuses what it can tell is wrong before asking the server', () => {
    const values = {
      ...formValuesOf(storedConfig()),
      countries: 'Netherlands',
      advanced: '[1, 2]',
      welcome_credits: '-1',
    };
    const result = SiteConfigFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['countries', 'validation.country_invalid'],
      ['welcome_credits', 'validation.out_of_range'],
      ['advanced', 'console.sites.advanced_invalid'],
    ]);
  });

  it('shows the server’s refusal next to its field, or by its path for a setting in the JSON', () => {
    expect(formFieldOf('config.countries.0')).toBe('countries');
    expect(formFieldOf('config.template.features.chat')).toBe('features');
    expect(formFieldOf('config.template.name')).toBe('template_name');
    expect(formFieldOf('config.moderation.flag_words.2')).toBe('flag_words');
    expect(formFieldOf('config.credit_packages.0.price')).toBe('credit_packages.0.price');
  });
});
