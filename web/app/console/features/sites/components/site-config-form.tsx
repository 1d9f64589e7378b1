import {
  LOCALES,
  MODERATION_REASONS,
  NICHES,
  PROFILE_REVIEW_MODES,
  REQUIRED_MODERATION_REASONS,
  SIGNUP_MODES,
  TEMPLATE_NAMES,
  type SiteConfig,
  type SiteConfigChange,
  type SiteConfigResponse,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  FormCheckboxField,
  FormEmailField,
  FormSelectField,
  FormTextareaField,
  FormTextField,
} from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ApiError } from '../../../../lib/api-client';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { DoneStatus } from '../../../components/console-section';
import { ReconfirmCancelled, useReconfirmed } from '../../../components/reconfirm';
import { SITE_CONFIG_KEY, saveSiteConfig } from '../api/site-config-calls';
import {
  SiteConfigFormSchema,
  TEMPLATE_FEATURE_NAMES,
  configOf,
  formFieldOf,
  formValuesOf,
  type SiteConfigFormValues,
} from '../lib/site-config-form';
import { ConfigChanges } from './config-changes';

type Checked = z.output<typeof SiteConfigFormSchema>;

/** Grounds a site may leave out; the required ones are always offered, so they get no box. */
const OPTIONAL_REASONS = MODERATION_REASONS.filter(
  (reason) => !(REQUIRED_MODERATION_REASONS as readonly string[]).includes(reason),
);

function failureOf(error: unknown): string {
  if (error instanceof ReconfirmCancelled) return 'console.reconfirm.cancelled';
  if (error instanceof ApiError) {
    if (error.status === 409) return 'console.sites.changed_meanwhile';
    if (error.status === 403) return 'console.settings.forbidden';
    if (error.status === 400) return 'console.sites.invalid';
  }
  return 'console.settings.failed';
}

/**
 * A site's settings as fields and one JSON text. Saving is two steps: the server first lists what
 * would change (and refuses what it could not run on), then the admin saves exactly that list.
 */
export function SiteConfigForm({
  stored,
  justSaved,
  onSaved,
}: {
  stored: SiteConfigResponse;
  /** Whether these are the settings this admin just saved: the form says so until it is edited. */
  justSaved: boolean;
  onSaved: (version: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reconfirmed = useReconfirmed();
  const [review, setReview] = useState<{ config: SiteConfig; changes: SiteConfigChange[] } | null>(null);
  const [elsewhere, setElsewhere] = useState<Record<string, string>>({});

  const { form, control, onSubmit, busy, failure } = useApiForm<SiteConfigFormValues, Checked>({
    defaultValues: formValuesOf(stored.config),
    resolver: zodResolver(SiteConfigFormSchema),
    recheckOnChange: true,
    send: async (values) => {
      setElsewhere({});
      const config = configOf(values, stored.config);
      const preview = await saveSiteConfig(stored.site_id, { config, version: stored.version, preview: true });
      setReview({ config, changes: preview.changes });
    },
    failureOf: (error, others) => {
      setElsewhere(others);
      return failureOf(error);
    },
    fieldOf: formFieldOf,
  });

  const save = useMutation({
    mutationFn: (config: SiteConfig) =>
      reconfirmed(() => saveSiteConfig(stored.site_id, { config, version: stored.version })),
    onSuccess: async (saved) => {
      onSaved(saved.version);
      // The settings and history read again; the form starts over from what the server now holds.
      await queryClient.invalidateQueries({ queryKey: [...SITE_CONFIG_KEY, stored.site_id] });
    },
  });

  if (review) {
    return (
      <div className="space-y-4" role="region" aria-label={t('console.sites.review.title')}>
        <h3 className="heading text-lg">{t('console.sites.review.title')}</h3>
        {save.isError ? <FormAlert>{t(failureOf(save.error))}</FormAlert> : null}
        {review.changes.length === 0 ? (
          <p>{t('console.sites.review.nothing')}</p>
        ) : (
          <ConfigChanges changes={review.changes} />
        )}
        <div className="flex flex-wrap gap-3">
          {review.changes.length > 0 ? (
            <Button loading={save.isPending} onClick={() => save.mutate(review.config)}>
              {t('console.sites.review.save', { count: review.changes.length })}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={save.isPending} onClick={() => setReview(null)}>
            {t('console.sites.review.back')}
          </Button>
        </div>
      </div>
    );
  }

  const choose = <Value extends string | number>(values: readonly Value[], label: (value: Value) => string) =>
    values.map((value) => ({ value: String(value), label: label(value) }));

  return (
    <form className="space-y-6" onSubmit={onSubmit} noValidate aria-label={t('console.sites.form_label')}>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <Group title={t('console.sites.groups.site')}>
        <FormTextField control={control} name="name" label={t('console.sites.fields.name')} trim required />
        <FormTextField
          control={control}
          name="domain"
          label={t('console.sites.fields.domain')}
          hint={t('console.sites.fields.domain_hint')}
          autoComplete="off"
          trim
          required
        />
        <FormSelectField
          control={control}
          name="niche"
          label={t('console.sites.fields.niche')}
          options={choose(NICHES, (niche) => t(`console.sites.niches.${niche}`))}
          required
        />
        <FormSelectField
          control={control}
          name="domain_language"
          label={t('console.sites.fields.domain_language')}
          options={choose(LOCALES, (language) => t(`languages.${language}`))}
          required
        />
        <FormSelectField
          control={control}
          name="signups"
          label={t('console.sites.fields.signups')}
          options={choose(SIGNUP_MODES, (mode) => t(`console.sites.signup_modes.${mode}`))}
          required
        />
        <FormTextField
          control={control}
          name="countries"
          label={t('console.sites.fields.countries')}
          hint={t('console.sites.fields.countries_hint')}
          autoComplete="off"
          trim
          required
        />
        <FormCheckboxField
          control={control}
          name="logged_out_search"
          label={t('console.sites.fields.logged_out_search')}
        />
        <FormCheckboxField
          control={control}
          name="logged_out_search_trafficsource"
          label={t('console.sites.fields.logged_out_search_trafficsource')}
        />
      </Group>

      <Group title={t('console.sites.groups.credits')}>
        {(['message_credits', 'welcome_credits', 'delete_discount', 'profile_visitors_free'] as const).map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            type="number"
            inputMode="numeric"
            min={0}
            label={t(`console.sites.fields.${name}`)}
            required
          />
        ))}
      </Group>

      <Group title={t('console.sites.groups.template')}>
        <FormSelectField
          control={control}
          name="template_name"
          label={t('console.sites.fields.template')}
          options={choose(TEMPLATE_NAMES, (name) => name)}
          required
        />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="font-semibold">{t('console.sites.fields.features')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {TEMPLATE_FEATURE_NAMES.map((feature) => (
              <FormCheckboxField
                key={feature}
                control={control}
                name={`features.${feature}`}
                label={t(`console.sites.features.${feature}`)}
              />
            ))}
          </div>
        </fieldset>
      </Group>

      <Group title={t('console.sites.groups.company')}>
        <FormEmailField
          control={control}
          name="support_email"
          label={t('console.sites.fields.support_email')}
          required
        />
        <FormEmailField control={control} name="email" label={t('console.sites.fields.email')} required />
        {(
          [
            'support_phone',
            'company_name',
            'company_address',
            'company_city',
            'company_country',
            'company_kvk',
          ] as const
        ).map((name) => (
          <FormTextField key={name} control={control} name={name} label={t(`console.sites.fields.${name}`)} trim />
        ))}
      </Group>

      <Group title={t('console.sites.groups.moderation')}>
        <FormCheckboxField
          control={control}
          name="flag_contact_details"
          label={t('console.sites.fields.flag_contact_details')}
        />
        <FormCheckboxField
          control={control}
          name="flag_payment_requests"
          label={t('console.sites.fields.flag_payment_requests')}
        />
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="font-semibold">{t('console.sites.fields.reasons')}</legend>
          <p className="text-sm text-ink-muted">
            {t('console.sites.fields.reasons_hint', {
              reasons: REQUIRED_MODERATION_REASONS.map((reason) => t(`console.moderation.reasons.${reason}`)).join(
                ', ',
              ),
            })}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {OPTIONAL_REASONS.map((reason) => (
              <FormCheckboxField
                key={reason}
                control={control}
                name={`reasons.${reason}`}
                label={t(`console.moderation.reasons.${reason}`)}
              />
            ))}
          </div>
        </fieldset>
        <FormTextareaField
          control={control}
          name="flag_words"
          label={t('console.sites.fields.flag_words')}
          hint={t('console.sites.fields.flag_words_hint')}
          className="sm:col-span-2"
        />
        <FormSelectField
          control={control}
          name="profile_review"
          label={t('console.sites.fields.profile_review')}
          hint={t('console.sites.fields.profile_review_hint')}
          options={choose(PROFILE_REVIEW_MODES, (mode) => t(`console.sites.profile_review.${mode}`))}
          className="sm:col-span-2"
          required
        />
      </Group>

      <Group title={t('console.sites.groups.advanced')}>
        <FormTextareaField
          control={control}
          name="advanced"
          label={t('console.sites.fields.advanced')}
          hint={t('console.sites.fields.advanced_hint')}
          className="sm:col-span-2"
          textareaClassName="font-mono text-sm"
          rows={16}
          spellCheck={false}
        />
        {Object.keys(elsewhere).length > 0 ? (
          <ul className="text-danger sm:col-span-2" aria-label={t('console.sites.advanced_errors')}>
            {Object.entries(elsewhere).map(([path, message]) => (
              <li key={path}>
                <code translate="no">{path}</code>:{' '}
                {message.startsWith('validation.') ? t(message) : t('console.sites.invalid_value')}
              </li>
            ))}
          </ul>
        ) : null}
      </Group>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" loading={busy}>
          {t('console.sites.review.open')}
        </Button>
        <DoneStatus>{justSaved && !form.formState.isDirty ? t('console.sites.saved') : null}</DoneStatus>
      </div>
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="heading text-lg">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
