import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { deleteAccount } from '../api/account-calls';

/**
 * Leaving takes two steps: first the site's parting offer (when it has one), then
 * the password, so an unattended phone cannot delete an account with one tap.
 */
export function DeleteAccountDialog({
  open,
  discount,
  onClose,
  onDeleted,
}: {
  open: boolean;
  discount: number;
  onClose: () => void;
  onDeleted: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<'offer' | 'confirm'>(discount > 0 ? 'offer' : 'confirm');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('validation.required');
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(password);
      await onDeleted();
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.body?.error.fields?.password : undefined;
      setError(field ?? 'login.unavailable');
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t(stage === 'offer' ? 'delete.offer_title' : 'delete.confirm_title')}>
      {stage === 'offer' ? (
        <div className="space-y-4">
          <p>{t('delete.offer_text', { discount })}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button onClick={onClose}>{t('delete.keep')}</Button>
            <Button variant="ghost" onClick={() => setStage('confirm')}>
              {t('delete.continue')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <p>{t('delete.confirm_text')}</p>
          <TextField
            label={t('delete.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            required
            error={error ? t(error) : undefined}
          />
          <Button type="submit" variant="danger" block loading={busy}>
            {t('delete.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
