import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormEmailField, FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { accountSchema, requestEmailChange } from '../api/account-calls';

/** The new address only takes over once its owner clicks the link we send there. */
export function EmailChangeForm() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { email: '', password: '' },
    resolver: lazyZodResolver(accountSchema('EmailChangeRequestSchema')),
    send: async ({ email, password }) => setPending((await requestEmailChange(email, password)).pending),
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'login.rate_limited' : 'login.unavailable',
  });

  if (pending) {
    return (
      <p role="status" className="form-notice">
        {t('email_change.pending', { email: pending })}
      </p>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormEmailField control={control} label={t('email_change.new_email')} name="email" required />
      <FormTextField
        control={control}
        label={t('email_change.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="secondary" loading={busy}>
        {t('email_change.submit')}
      </Button>
    </form>
  );
}
