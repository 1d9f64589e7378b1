import type { PublicCancelRequestSchema, PublicCancelResponse } from '@rendezvous/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormEmailField, FormTextField } from '../../../components/forms/form-fields';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { formatFullTime } from '../../../lib/dates';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { cancelContract, subscriptionSchema } from '../api/subscription-calls';

interface CancelValues {
  email: string;
  name?: string;
}
type CancelOutput = z.output<typeof PublicCancelRequestSchema>;
const checkNotice = lazyZodResolver<CancelValues, CancelOutput>(subscriptionSchema('PublicCancelRequestSchema'));

/**
 * The public "cancel a contract here" page (§312k BGB): without logging in, an address and
 * optionally a name, then a second, confirming button ("jetzt kündigen"). The answer never says
 * whether the address has a contract; the confirmation goes to it by e-mail.
 */
export function CancelContractForm() {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const [confirming, setConfirming] = useState(false);
  const [received, setReceived] = useState<(PublicCancelResponse & { email: string }) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, control, onSubmit, busy, failure } = useApiForm<CancelValues, CancelOutput>({
    defaultValues: { email: '', name: '' },
    resolver: checkNotice,
    send: async (notice) => {
      if (!confirming) {
        setConfirming(true);
        return;
      }
      try {
        const answer = await cancelContract(notice.name ? notice : { email: notice.email });
        setReceived({ ...answer, email: notice.email });
      } catch (error) {
        // A field the server refused is shown next to it, on the first step.
        if (error instanceof ApiError && error.status === 400) setConfirming(false);
        throw error;
      }
    },
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'cancel_contract.rate_limited' : 'cancel_contract.failed',
  });

  // The second step replaces the fields: focus goes to its heading, so a screen reader reads what to confirm.
  useEffect(() => {
    if (confirming) headingRef.current?.focus();
  }, [confirming]);

  if (received) {
    return (
      <div role="status" className="form-notice space-y-2">
        <p className="font-bold">{t('cancel_contract.received_title')}</p>
        <p>
          {t('cancel_contract.received_at')}{' '}
          <time dateTime={received.received_at}>{formatFullTime(received.received_at, regional)}</time>
        </p>
        <p>{t('cancel_contract.received_mail', { email: received.email })}</p>
      </div>
    );
  }

  const values = form.getValues();
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {confirming ? (
        <div className="space-y-3">
          <h2 ref={headingRef} tabIndex={-1} className="heading text-xl">
            {t('cancel_contract.confirm_title')}
          </h2>
          <p>{t('cancel_contract.confirm_text')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-ink-muted">{t('cancel_contract.email_label')}</dt>
            <dd className="break-all" translate="no">
              {values.email}
            </dd>
            {values.name ? (
              <>
                <dt className="text-ink-muted">{t('cancel_contract.name_label')}</dt>
                <dd translate="no">{values.name}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : (
        <>
          <FormEmailField
            control={control}
            name="email"
            required
            label={t('cancel_contract.email_label')}
            hint={t('cancel_contract.email_hint')}
            onEdit={() => form.clearErrors('email')}
          />
          <FormTextField
            control={control}
            name="name"
            label={t('cancel_contract.name_label')}
            hint={t('cancel_contract.name_hint')}
            autoComplete="name"
            onEdit={() => form.clearErrors('name')}
          />
        </>
      )}
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={confirming ? 'danger' : 'primary'} loading={busy}>
          {confirming ? t('cancel_contract.confirm_button') : t('cancel_contract.cancel_button')}
        </Button>
        {confirming ? (
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            {t('cancel_contract.change_button')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
