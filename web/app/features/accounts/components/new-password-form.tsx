import { PasswordResetDoSchema } from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { confirmPasswordReset } from '../api/account-calls';

/** The page a reset link opens: a new password, then the member is logged in on this device only. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = PasswordResetDoSchema.safeParse({ token, password });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'password')?.message);
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      await confirmPasswordReset(parsed.data.token, parsed.data.password);
      await onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.body?.error.fields?.token) setLinkInvalid(true);
      else setFailure('login.unavailable');
    } finally {
      setBusy(false);
    }
  }

  if (linkInvalid) {
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
    <form className="space-y-4" onSubmit={submit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <TextField
        label={t('reset.new_password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        required
        hint={t('reset.password_hint')}
        error={error ? t(error) : undefined}
      />
      <Button type="submit" block loading={busy}>
        {t('reset.save_password')}
      </Button>
    </form>
  );
}
