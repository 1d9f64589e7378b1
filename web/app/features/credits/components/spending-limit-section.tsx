import type { SpendingResponse } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { SubmitRow } from '../../../components/forms/submit-row';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatFullTime } from '../../../lib/dates';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { setSpendingLimit, spendingQueryOptions } from '../api/spending-calls';
import { formatMinorUnits } from '../../../lib/format-money';
import { limitText, parseLimit, SPENDING_LIMIT_ID } from '../spending-limit';
import { SpentThisMonth } from './spent-this-month';

/**
 * Issue 16, spending care: the member's own monthly limit on what they pay for credits. `initial`
 * is what the page's loader read, so the section is as tall at its first paint as after: the
 * sections below it (blocked members, deleting the account) never move under a tap.
 */
export function SpendingLimitSection({ initial }: { initial?: SpendingResponse }) {
  const { t } = useTranslation();
  const spending = useQuery({ ...spendingQueryOptions(), initialData: initial });

  return (
    <section id={SPENDING_LIMIT_ID} className="card space-y-3 p-4 sm:p-5" aria-labelledby="profile-spending">
      <h2 id="profile-spending" className="heading text-xl">
        {t('spending.title')}
      </h2>
      <p className="text-ink-muted">{t('spending.intro')}</p>
      {spending.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('spending.loading')}
        </p>
      ) : spending.isError ? (
        <FormAlert>{t('spending.load_failed')}</FormAlert>
      ) : (
        <>
          <SpendingProgress status={spending.data} />
          <PendingRaise status={spending.data} />
          <SpendingLimitForm status={spending.data} />
        </>
      )}
    </section>
  );
}

function SpendingProgress({ status }: { status: SpendingResponse }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <SpentThisMonth status={status} />
      {status.limit !== null ? (
        <progress
          className="h-2 w-full"
          aria-label={t('spending.progress_label')}
          max={Math.max(status.limit, 1)}
          value={Math.min(status.spent, status.limit)}
        />
      ) : null}
    </div>
  );
}

function PendingRaise({ status }: { status: SpendingResponse }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  if (!status.pending) return null;
  const date = formatFullTime(status.pending.effective_at, regional);
  return (
    <p className="form-notice">
      {status.pending.limit === null
        ? t('spending.pending_removal', { date })
        : t('spending.pending_raise', {
            date,
            limit: formatMinorUnits({ amount: status.pending.limit, currency: status.currency }, regional),
          })}
    </p>
  );
}

function SpendingLimitForm({ status }: { status: SpendingResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { currency } = status;
  const { control, onSubmit, busy, failure } = useApiForm<{ limit: string }>({
    defaultValues: { limit: limitText(status.limit, currency) },
    send: async ({ limit }) => {
      const answer = await setSpendingLimit({ limit: parseLimit(limit, currency) ?? null });
      queryClient.setQueryData(spendingQueryOptions().queryKey, answer);
      setSaved(true);
    },
    failureOf: () => 'spending.save_failed',
  });

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        setSaved(false);
        onSubmit(event);
      }}
      noValidate
    >
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        name="limit"
        label={t('spending.limit_label', { currency })}
        hint={t('spending.limit_hint', { currency })}
        inputMode="decimal"
        autoComplete="off"
        rules={{ validate: (value) => parseLimit(value, currency) !== undefined || 'spending.amount_invalid' }}
      />
      <SubmitRow variant="secondary" busy={busy} done={saved ? t('spending.saved') : null}>
        {t('spending.save')}
      </SubmitRow>
    </form>
  );
}
