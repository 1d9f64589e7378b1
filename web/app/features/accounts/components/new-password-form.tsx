import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { accountSchema, confirmPasswordReset } from '../api/account-calls';
import { needsTwoFactorCode, TwoFactorLoginStep } from './two-factor-login-step';

/** The page a reset link opens: a new password, then the member is logged in on this device only. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // With two-factor login on, the new password is set and the code still logs in (a link is one factor).
  const [askingCode, setAskingCode] = useState(false);
  const { form, control, onSubmit, busy, failure } = useApiForm({
    // The token rides along as a value, so a refused one comes back as that field's error.
    defaultValues: { token, password: '' },
    resolver: lazyZodResolver(accountSchema('PasswordResetDoSchema')),
    send: async (values) => {
      try {
        await confirmPasswordReset(values.token, values.password);
      } catch (error) {
        if (!needsTwoFactorCode(error)) throw error;
        setAskingCode(true);
        return LEAVING;
      }
      await onDone();
    },
    failureOf: () => 'login.unavailable',
  });

  if (askingCode) return <TwoFactorLoginStep onLoggedIn={onDone} onStartOver={() => void navigate('/login')} />;
  if (!token || form.formState.errors.token) {
    return (
      <div role="alert" className="form-alert">
        <p>{t('reset.link_invalid')}</p>
        <Link className="mt-2 inline-block font-semibold underline" to="/reset-password">
          {t('reset.request_new')}
        </Link>
      </div>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        label={t('reset.new_password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('reset.password_hint')}
      />
      <Button type="submit" block loading={busy}>
        {t('reset.save_password')}
      </Button>
    </form>
  );
}
