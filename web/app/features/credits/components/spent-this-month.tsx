import type { SpendingResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { spendingQueryOptions } from '../api/spending-calls';
import { formatMinorUnits } from '../../../lib/format-money';
import { SPENDING_LIMIT_PATH } from '../spending-limit';

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

/** Spending care (issue 16): this month's payments against the member's own limit, where it is set. */
export function MonthlySpending() {
  const { t } = useTranslation();
  const spending = useQuery(spendingQueryOptions());
  // The line is a reminder, not the page's subject: while it loads or if it fails, the page goes without it.
  if (!spending.data) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-4">
      <SpentThisMonth status={spending.data} />
      <Link className="text-link tap-link text-sm" to={SPENDING_LIMIT_PATH}>
        {t('spending.change_link')}
      </Link>
    </div>
  );
}
