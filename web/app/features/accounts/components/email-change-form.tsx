import { EmailChangeRequestSchema } from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { requestEmailChange } from '../api/account-calls';

type Fields = { email?: string; password?: string };

/** The new address only takes over once its owner clicks the link we send there. */
export function EmailChangeForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = EmailChangeRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setFields(next);
      return;
    }
    setFields({});
    setFailure(null);
    setBusy(true);
    try {
      setPending((await requestEmailChange(parsed.data.email, parsed.data.password)).pending);
    } catch (caught) {
      const serverFields = caught instanceof ApiError ? caught.body?.error.fields : undefined;
      if (serverFields) setFields(serverFields);
      else setFailure(caught instanceof ApiError && caught.status === 429 ? 'login.rate_limited' : 'login.unavailable');
    } finally {
      setBusy(false);
    }
  }

  if (pending) {
    return (
      <p role="status" className="form-notice">
        {t('email_change.pending', { email: pending })}
      </p>
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <TextField
        label={t('email_change.new_email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        trim
        required
        error={fields.email ? t(fields.email) : undefined}
      />
      <TextField
        label={t('email_change.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        required
        error={fields.password ? t(fields.password) : undefined}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        {t('email_change.submit')}
      </Button>
    </form>
  );
}
