import { VALIDATION } from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { logIn } from '../api/log-in';

type Fields = { email?: string; password?: string };

/** E-mail and password; one message for any wrong combination, as the server gives. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Only presence is checked here; the server judges the rest and answers one message for any wrong pair.
    const next: Fields = {
      ...(email.trim() ? {} : { email: VALIDATION.required }),
      ...(password ? {} : { password: VALIDATION.required }),
    };
    if (next.email || next.password) {
      setFields(next);
      return;
    }
    setFields({});
    setFailure(null);
    setBusy(true);
    try {
      await logIn({ email: email.trim(), password });
      await onLoggedIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setFailure('login.failed');
      else if (error instanceof ApiError && error.status === 429) setFailure('login.rate_limited');
      else setFailure('login.unavailable');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-describedby={failure ? 'login-failure' : undefined}>
      {failure ? <FormAlert id="login-failure">{t(failure)}</FormAlert> : null}
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
        error={fields.email ? t(fields.email) : undefined}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        required
        error={fields.password ? t(fields.password) : undefined}
      />
      <Button type="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
      <p className="text-center">
        <Link className="underline" to="/reset-password">
          {t('login.forgot_password')}
        </Link>
      </p>
    </form>
  );
}
