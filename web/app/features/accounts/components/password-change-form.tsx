import { PASSWORD_MIN, PasswordChangeSchema } from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../api/account-calls';

type Fields = { current_password?: string; password?: string };

/** A new password for a logged-in member; every other browser is logged out by it. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setChanged(false);
    const parsed = PasswordChangeSchema.safeParse({ current_password: current, password: next });
    if (!parsed.success) {
      const problems: Fields = {};
      for (const issue of parsed.error.issues) problems[issue.path[0] as keyof Fields] ??= issue.message;
      setFields(problems);
      return;
    }
    setFields({});
    setFailure(null);
    setBusy(true);
    try {
      await changePassword(parsed.data);
      setCurrent('');
      setNext('');
      setChanged(true);
    } catch (caught) {
      const serverFields = caught instanceof ApiError ? caught.body?.error.fields : undefined;
      if (serverFields) setFields(serverFields);
      else
        setFailure(
          caught instanceof ApiError && caught.status === 429 ? 'login.rate_limited' : 'password_change.failed',
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <TextField
        label={t('password_change.current')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        required
        error={fields.current_password ? t(fields.current_password) : undefined}
      />
      <TextField
        label={t('password_change.new')}
        hint={t('password_change.new_hint', { min: PASSWORD_MIN })}
        name="password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        required
        minLength={PASSWORD_MIN}
        error={fields.password ? t(fields.password) : undefined}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Button type="submit" variant="secondary" loading={busy}>
          {t('password_change.submit')}
        </Button>
        {/* Present from the start, so the confirmation is announced when it appears. */}
        <p role="status" className={changed ? 'form-notice basis-full' : 'basis-full'}>
          {changed ? t('password_change.done') : null}
        </p>
      </div>
    </form>
  );
}
