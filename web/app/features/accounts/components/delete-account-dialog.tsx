import { DISCOUNT_CODE_PARAM } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { accountSchema, deleteAccount, getDeleteOffer } from '../api/account-calls';

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
  // The offer as a code of the member's own, taken to the credits page; without one the plain offer stays.
  const offer = useQuery({
    queryKey: ['discount-code', 'delete'],
    queryFn: ({ signal }) => getDeleteOffer(signal),
    enabled: discount > 0,
  }).data;
  const { control, onSubmit, busy } = useApiForm({
    defaultValues: { password: '' },
    resolver: lazyZodResolver(accountSchema('DeleteAccountSchema')),
    send: async ({ password }) => {
      await deleteAccount(password);
      await onDeleted();
      return LEAVING;
    },
    failureOf: () => 'login.unavailable',
    failureField: 'password',
  });

  return (
    <Modal open={open} onClose={onClose} title={t(stage === 'offer' ? 'delete.offer_title' : 'delete.confirm_title')}>
      {stage === 'offer' ? (
        <div className="space-y-4">
          <p>{t('delete.offer_text', { discount })}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {offer ? (
              <ButtonLink to={`/credits?${new URLSearchParams({ [DISCOUNT_CODE_PARAM]: offer.code })}`}>
                {t('delete.stay_with_discount', { discount: offer.value })}
              </ButtonLink>
            ) : (
              <Button onClick={onClose}>{t('delete.keep')}</Button>
            )}
            <Button variant="ghost" onClick={() => setStage('confirm')}>
              {t('delete.continue')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <p>{t('delete.confirm_text')}</p>
          <FormTextField
            control={control}
            label={t('delete.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Button type="submit" variant="danger" block loading={busy}>
            {t('delete.submit')}
          </Button>
        </form>
      )}
    </Modal>
  );
}
