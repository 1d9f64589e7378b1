import { PASSWORD_MIN } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { SubmitRow } from '../../../components/forms/submit-row';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { accountSchema, changePassword } from '../api/account-calls';

/** A new password for a logged-in member; every other browser is logged out by it. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  const { control, onSubmit, reset, busy, failure } = useApiForm({
    defaultValues: { current_password: '', password: '' },
    resolver: lazyZodResolver(accountSchema('PasswordChangeSchema')),
    send: async (values) => {
      await changePassword(values);
      reset();
      setChanged(true);
    },
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'login.rate_limited' : 'password_change.failed',
  });

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        setChanged(false);
        onSubmit(event);
      }}
      noValidate
    >
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        label={t('password_change.current')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        control={control}
        label={t('password_change.new')}
        hint={t('password_change.new_hint', { min: PASSWORD_MIN })}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
      />
      <SubmitRow variant="secondary" busy={busy} done={changed ? t('password_change.done') : null}>
        {t('password_change.submit')}
      </SubmitRow>
    </form>
  );
}
