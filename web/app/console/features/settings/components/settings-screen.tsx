import {
  CONSOLE_SETTING_MAX_SECONDS,
  CONSOLE_SETTING_MIN_SECONDS,
  ConsoleSiteSettingsRequestSchema,
  VALIDATION,
  type ConsoleSiteSettings,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ApiError } from '../../../../lib/api-client';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { Section } from '../../../../components/ui/section';
import { DoneStatus } from '../../../components/console-section';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { useSavedUntilEdit } from '../../../lib/use-saved-until-edit';
import { saveSiteSettings, siteSettingsQueryOptions } from '../api/settings-calls';

const MINUTE_S = 60;
const { answer_target_seconds: answerTargetRule, claim_idle_seconds: claimIdleRule } =
  ConsoleSiteSettingsRequestSchema.shape;

/** Minutes as typed, checked by the contract's rule for the seconds the server stores. */
const minutesOf = (rule: typeof answerTargetRule) =>
  z
    .string()
    .trim()
    .min(1, VALIDATION.required)
    .pipe(z.coerce.number<string>(VALIDATION.outOfRange))
    .transform((minutes) => Math.round(minutes * MINUTE_S))
    .pipe(rule);

const SiteSettingsFormSchema = z
  .object({ answer_target_minutes: minutesOf(answerTargetRule), claim_idle_minutes: minutesOf(claimIdleRule) })
  .transform(({ answer_target_minutes, claim_idle_minutes }) => ({
    answer_target_seconds: answer_target_minutes,
    claim_idle_seconds: claim_idle_minutes,
  }));
type SettingsFormValues = z.input<typeof SiteSettingsFormSchema>;

/** The server names the seconds it stores; the form shows minutes. */
const FORM_FIELDS: Record<string, keyof SettingsFormValues> = {
  answer_target_seconds: 'answer_target_minutes',
  claim_idle_seconds: 'claim_idle_minutes',
};

/** The settings the form shows, in its order; each is `<setting>_minutes` in the form and has a label and hint. */
const MINUTE_SETTINGS = ['answer_target', 'claim_idle'] as const;

const formValuesOf = (settings: ConsoleSiteSettings): SettingsFormValues => ({
  answer_target_minutes: String(settings.answer_target_seconds / MINUTE_S),
  claim_idle_minutes: String(settings.claim_idle_seconds / MINUTE_S),
});

function settingsFailureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'console.settings.forbidden';
  return 'console.settings.failed';
}

/** Per site: how long members may wait for an answer before it counts as late, and how long an idle claim holds. */
export function SettingsScreen({ sites }: { sites: readonly { id: number; name: string; domain: string }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="console-settings-title" className="max-w-3xl space-y-5">
      <h1 id="console-settings-title" className="heading text-2xl">
        {t('console.settings.title')}
      </h1>
      <p className="text-ink-muted">{t('console.settings.intro')}</p>
      {sites.length === 0 ? <p>{t('console.settings.no_sites')}</p> : null}
      {sites.map((site) => (
        <SiteSettings key={site.id} site={site} />
      ))}
    </section>
  );
}

function SiteSettings({ site }: { site: { id: number; name: string; domain: string } }) {
  const settings = useQuery(siteSettingsQueryOptions(site.id));
  const title = (
    <>
      <span translate="no">{site.name}</span>{' '}
      <span className="text-base font-normal text-ink-muted" translate="no">
        ({site.domain})
      </span>
    </>
  );

  return (
    <Section title={title}>
      <LoadState query={settings} />
      {settings.isSuccess ? <SiteSettingsForm settings={settings.data} /> : null}
    </Section>
  );
}

function SiteSettingsForm({ settings }: { settings: ConsoleSiteSettings }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const queryClient = useQueryClient();
  const { form, control, onSubmit, busy, failure } = useApiForm<
    SettingsFormValues,
    z.output<typeof SiteSettingsFormSchema>
  >({
    defaultValues: formValuesOf(settings),
    resolver: zodResolver(SiteSettingsFormSchema),
    recheckOnChange: true,
    send: async (values) => {
      const saved = await saveSiteSettings(settings.site_id, values);
      queryClient.setQueryData(siteSettingsQueryOptions(settings.site_id).queryKey, saved);
      form.reset(formValuesOf(saved));
      setSaved(true);
    },
    failureOf: settingsFailureOf,
    fieldOf: (field) => FORM_FIELDS[field] ?? field,
  });
  const [saved, setSaved] = useSavedUntilEdit(form.watch);
  const range = {
    min: CONSOLE_SETTING_MIN_SECONDS / MINUTE_S,
    max: (CONSOLE_SETTING_MAX_SECONDS / MINUTE_S).toLocaleString(regional),
  };

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <p className="text-sm text-ink-muted">
        {settings.updated_at
          ? t('console.settings.changed', { time: formatDateTime(Date.parse(settings.updated_at), regional) })
          : t('console.settings.defaults')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {MINUTE_SETTINGS.map((setting) => (
          <FormTextField
            key={setting}
            control={control}
            name={`${setting}_minutes`}
            type="number"
            inputMode="decimal"
            min={range.min}
            step="any"
            label={t(`console.settings.${setting}`)}
            hint={t(`console.settings.${setting}_hint`, range)}
            required
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" loading={busy}>
          {t('console.settings.save')}
        </Button>
        <DoneStatus>{saved && !busy ? t('console.settings.saved') : null}</DoneStatus>
      </div>
    </form>
  );
}
