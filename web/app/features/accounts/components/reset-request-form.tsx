import { EmailSchema } from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/account-calls';

/** Asks for the address; the answer is the same whether or not it has an account. */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data);
      setSent(true);
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.status === 429 ? 'login.rate_limited' : 'login.unavailable');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p role="status" className="form-notice">
        {t('reset.sent', { email })}
      </p>
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        trim
        required
        error={error ? t(error) : undefined}
      />
      <Button type="submit" block loading={busy}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
