import type { SpendingResponse } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMinorUnits } from '../format-money';

/** "Spent this month: €X of €Y", or without the limit when there is none. */
export function SpentThisMonth({ status }: { status: SpendingResponse }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const money = (amount: number) => formatMinorUnits({ amount, currency: status.currency }, regional);
  return (
    <p data-testid="spent-this-month">
      {status.limit === null
        ? t('spending.spent', { spent: money(status.spent) })
        : t('spending.spent_of', { spent: money(status.spent), limit: money(status.limit) })}
    </p>
  );
}
