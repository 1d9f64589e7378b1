import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormEmailField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { accountSchema, requestPasswordReset } from '../api/account-calls';

/** Asks for the address; the answer is the same whether or not it has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { email: '' },
    resolver: lazyZodResolver(accountSchema('PasswordResetRequestSchema')),
    send: async ({ email }) => {
      await requestPasswordReset(email);
      setSent(email);
    },
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'login.rate_limited' : 'login.unavailable',
  });

  if (sent !== null) {
    return (
      <p role="status" className="form-notice">
        {t('reset.sent', { email: sent })}
      </p>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormEmailField control={control} label={t('login.email')} name="email" required />
      <Button type="submit" block loading={busy}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
