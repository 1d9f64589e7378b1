import { CapacityRequestSchema, StaffCapacitySchema, VALIDATION, type ConsoleMe } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { ReconfirmCancelled, useReconfirmed } from '../../../components/reconfirm';
import { meQueryOptions } from '../../../lib/console-session';
import { regenerateRecoveryCodes, setCapacity } from '../api/account-calls';

/** The contract's capacity, from the text of its input. */
const CapacityFormSchema = CapacityRequestSchema.extend({
  capacity: z.coerce.number<string>(VALIDATION.choice).pipe(StaffCapacitySchema),
});

/** The staff member's own account: recovery codes and, for those who answer chats, their capacity. */
export function AccountScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="console-account-title" className="space-y-8">
      <div>
        <h1 id="console-account-title" className="heading text-2xl">
          {t('console.account.title')}
        </h1>
        <p className="mt-2 text-ink-muted" translate="no">
          {me.name} · {me.email}
        </p>
      </div>
      <RecoveryCodesPanel left={me.recovery_codes_left} />
      {me.permissions.includes('inbox.answer') ? <CapacityForm capacity={me.capacity} /> : null}
    </section>
  );
}

function RecoveryCodesPanel({ left }: { left: number }) {
  const { t } = useTranslation();
  const reconfirmed = useReconfirmed();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const regenerate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setCodes((await reconfirmed(regenerateRecoveryCodes)).recovery_codes);
    } catch (error) {
      setFailure(error instanceof ReconfirmCancelled ? 'console.reconfirm.cancelled' : 'console.account.failed');
    }
    setBusy(false);
  };

  return (
    <div className="card space-y-3 p-5">
      <h2 className="heading text-xl">{t('console.account.recovery_title')}</h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onSaved={() => {
            setCodes(null);
            void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
          }}
        />
      ) : (
        <>
          <p>{t('console.account.recovery_left', { left })}</p>
          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
          <Button variant="secondary" loading={busy} onClick={() => void regenerate()}>
            {t('console.account.regenerate')}
          </Button>
          <p className="text-sm text-ink-muted">{t('console.account.regenerate_hint')}</p>
        </>
      )}
    </div>
  );
}

function CapacityForm({ capacity }: { capacity: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { control, onSubmit, busy, failure } = useApiForm<
    z.input<typeof CapacityFormSchema>,
    z.output<typeof CapacityFormSchema>
  >({
    defaultValues: { capacity: String(capacity) },
    resolver: zodResolver(CapacityFormSchema),
    send: async (values) => {
      setSaved(false);
      await setCapacity(values);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      setSaved(true);
    },
    failureOf: () => 'console.account.failed',
  });
  return (
    <form className="card space-y-3 p-5" onSubmit={onSubmit} noValidate>
      <h2 className="heading text-xl">{t('console.account.capacity_title')}</h2>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        name="capacity"
        type="number"
        inputMode="numeric"
        min={0}
        label={t('console.account.capacity')}
        hint={t('console.account.capacity_hint')}
        required
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" loading={busy}>
          {t('console.account.save')}
        </Button>
        <p role="status">{saved ? t('console.account.saved') : null}</p>
      </div>
    </form>
  );
}
