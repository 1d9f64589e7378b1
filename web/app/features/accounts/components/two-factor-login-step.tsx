import { LOGIN_CODE_PATH, VALIDATION } from '@rendezvous/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, apiSend } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/forms/use-api-form';

/** Whether a login (or a password reset) refused for want of the two-factor code: the next step asks for it. */
export function needsTwoFactorCode(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.body?.error.code === 'two_factor_required';
}

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'login.code_expired';
  if (error instanceof ApiError && error.status === 429) return 'login.rate_limited';
  return 'login.unavailable';
}

const REQUIRED = { required: VALIDATION.required };

/**
 * The second step of a login with two-factor on (issue 19): the code the authenticator app shows,
 * or one recovery code instead. The server remembers the password step for ten minutes.
 */
export function TwoFactorLoginStep({
  onLoggedIn,
  onStartOver,
}: {
  onLoggedIn: () => Promise<void> | void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form that had focus is gone: the step's heading takes it, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const { form, control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { code: '' },
    send: async ({ code }) => {
      await apiSend('POST', LOGIN_CODE_PATH, recovery ? { recovery_code: code } : { code });
      await onLoggedIn();
    },
    failureOf,
    // The server names the field after what was sent; here it is the one input either way.
    fieldOf: () => 'code',
  });

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-describedby={failure ? 'code-failure' : undefined}>
      <h2 ref={heading} tabIndex={-1} className="heading text-xl focus:outline-none">
        {t('login.code_title')}
      </h2>
      <p>{recovery ? t('login.recovery_intro') : t('login.code_intro')}</p>
      {failure ? <FormAlert id="code-failure">{t(failure)}</FormAlert> : null}
      <FormTextField
        key={recovery ? 'recovery' : 'code'}
        control={control}
        rules={REQUIRED}
        label={recovery ? t('login.recovery_label') : t('login.code_label')}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
      />
      <Button type="submit" block loading={busy}>
        {t('login.code_submit')}
      </Button>
      <div className="flex flex-col items-center gap-2">
        <button
          type="button"
          className="underline"
          onClick={() => {
            // A code typed for the other kind would only be refused.
            form.reset({ code: '' });
            setRecovery(!recovery);
          }}
        >
          {recovery ? t('login.use_code') : t('login.use_recovery')}
        </button>
        <button type="button" className="underline" onClick={onStartOver}>
          {t('login.start_over')}
        </button>
      </div>
    </form>
  );
}
