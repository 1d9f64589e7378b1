import { VALIDATION } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormEmailField, FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { logIn } from '../api/log-in';
import { needsTwoFactorCode, TwoFactorLoginStep } from './two-factor-login-step';

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'login.failed';
  if (error instanceof ApiError && error.status === 429) return 'login.rate_limited';
  return 'login.unavailable';
}

// Only presence is checked here, by rules rather than the contract's schema so this page loads no zod;
// the server judges the rest and answers one message for any wrong pair.
const REQUIRED = { required: VALIDATION.required };

/**
 * E-mail and password; one message for any wrong combination, as the server gives. With two-factor
 * login on, the code step follows; starting over there brings a fresh password step.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => Promise<void> | void }) {
  const [askingCode, setAskingCode] = useState(false);
  return askingCode ? (
    <TwoFactorLoginStep onLoggedIn={onLoggedIn} onStartOver={() => setAskingCode(false)} />
  ) : (
    <PasswordStep onLoggedIn={onLoggedIn} onCodeNeeded={() => setAskingCode(true)} />
  );
}

function PasswordStep({
  onLoggedIn,
  onCodeNeeded,
}: {
  onLoggedIn: () => Promise<void> | void;
  onCodeNeeded: () => void;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { email: '', password: '' },
    send: async (values) => {
      try {
        await logIn(values);
      } catch (error) {
        if (!needsTwoFactorCode(error)) throw error;
        onCodeNeeded();
        return LEAVING;
      }
      await onLoggedIn();
    },
    failureOf,
  });

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-describedby={failure ? 'login-failure' : undefined}>
      {failure ? <FormAlert id="login-failure">{t(failure)}</FormAlert> : null}
      <FormEmailField control={control} rules={REQUIRED} label={t('login.email')} name="email" required />
      <FormTextField
        control={control}
        rules={REQUIRED}
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
      <p className="text-center">
        <Link className="tap-link underline" to="/reset-password">
          {t('login.forgot_password')}
        </Link>
      </p>
    </form>
  );
}
