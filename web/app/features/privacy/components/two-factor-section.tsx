import type { TotpEnrolment, TwoFactorStatus } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import {
  confirmTwoFactor,
  disableTwoFactor,
  privacySchema,
  startTwoFactorSetup,
  twoFactorQueryOptions,
} from '../api/privacy-calls';

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status === 429 ? 'privacy.two_factor_rate_limited' : 'privacy.two_factor_failed';

/** Scan (or type) the secret, then confirm with the first code; the answer is the recovery codes. */
function SetupForm({ offer, onEnabled }: { offer: TotpEnrolment; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { code: '' },
    resolver: lazyZodResolver(privacySchema('TwoFactorConfirmRequestSchema')),
    send: async (values) => onEnabled((await confirmTwoFactor(values)).recovery_codes),
    failureOf,
  });
  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
      <ol className="list-decimal space-y-3 ps-5">
        <li>
          <p>{t('privacy.two_factor_scan')}</p>
          <img
            src={offer.qr_code}
            alt={t('privacy.two_factor_qr_alt')}
            width={192}
            height={192}
            className="mt-2 bg-white"
          />
          <p className="mt-2">
            {t('privacy.two_factor_secret')}{' '}
            <code className="break-all font-mono" translate="no">
              {offer.secret}
            </code>
          </p>
        </li>
        <li>{t('privacy.two_factor_enter_code')}</li>
      </ol>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        label={t('privacy.two_factor_code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
      />
      <Button type="submit" loading={busy}>
        {t('privacy.two_factor_confirm')}
      </Button>
    </form>
  );
}

/** The password and a code (the app's or a recovery code) turn it off. */
function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { password: '', code: '' },
    resolver: lazyZodResolver(privacySchema('TwoFactorDisableRequestSchema')),
    send: async (values) => {
      await disableTwoFactor(values);
      onDisabled();
    },
    failureOf,
  });
  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
      <h3 className="heading text-lg">{t('privacy.two_factor_disable_title')}</h3>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        label={t('privacy.two_factor_password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        control={control}
        label={t('privacy.two_factor_code_or_recovery')}
        name="code"
        autoComplete="one-time-code"
        required
      />
      <Button type="submit" variant="danger" loading={busy}>
        {t('privacy.two_factor_disable')}
      </Button>
    </form>
  );
}

/**
 * Two-factor login on the account page (issue 19): off, being set up (QR code and the first
 * code), just turned on (the recovery codes, shown this once), or on (turn it off).
 */
export function TwoFactorSection({ initial }: { initial?: TwoFactorStatus }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ ...twoFactorQueryOptions(), initialData: initial });
  const [offer, setOffer] = useState<TotpEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey });

  async function start() {
    setStarting(true);
    setStartFailed(false);
    try {
      setOffer(await startTwoFactorSetup());
    } catch (error) {
      console.warn('Could not start the two-factor set-up', error);
      setStartFailed(true);
    } finally {
      setStarting(false);
    }
  }

  let body;
  if (recoveryCodes) {
    body = (
      <div className="space-y-3">
        <p role="status" className="font-semibold">
          {t('privacy.two_factor_enabled_now')}
        </p>
        <p>{t('privacy.two_factor_recovery_intro')}</p>
        <ul
          className="grid grid-cols-2 gap-1 font-mono"
          aria-label={t('privacy.two_factor_recovery_title')}
          translate="no"
        >
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button onClick={() => setRecoveryCodes(null)}>{t('privacy.two_factor_recovery_saved')}</Button>
      </div>
    );
  } else if (offer) {
    body = (
      <>
        <SetupForm
          offer={offer}
          onEnabled={(codes) => {
            setOffer(null);
            setRecoveryCodes(codes);
            void refresh();
          }}
        />
        <Button variant="secondary" onClick={() => setOffer(null)}>
          {t('privacy.two_factor_cancel')}
        </Button>
      </>
    );
  } else if (status.data?.enabled) {
    body = (
      <>
        <p role="status">{t('privacy.two_factor_on', { number: status.data.recovery_codes_left })}</p>
        <DisableForm onDisabled={() => void refresh()} />
      </>
    );
  } else if (status.data) {
    body = (
      <>
        <p role="status">{t('privacy.two_factor_off')}</p>
        {startFailed ? <FormAlert>{t('privacy.two_factor_failed')}</FormAlert> : null}
        <Button loading={starting} onClick={() => void start()}>
          {t('privacy.two_factor_enable')}
        </Button>
      </>
    );
  } else if (status.isError) {
    body = <FormAlert>{t('privacy.two_factor_load_failed')}</FormAlert>;
  }

  return (
    <Section title={t('privacy.two_factor_title')} intro={t('privacy.two_factor_intro')}>
      {body}
    </Section>
  );
}
