import type { Money } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMinorUnits, formatVatRate } from '../format-money';

/** Net, VAT at its rate, and the total with VAT, as the checkout and the order both show them. */
export function PriceBreakdown({
  net,
  vat,
  vatRateBp,
  total,
}: {
  net: Money;
  vat: Money;
  vatRateBp: number;
  total: Money;
}) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const rows = [
    { label: t('credits.price_net'), money: net },
    { label: t('credits.price_vat', { rate: formatVatRate(vatRateBp, regional) }), money: vat },
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-ink-muted">{row.label}</dt>
          <dd className="text-end">{formatMinorUnits(row.money, regional)}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-bold">{t('credits.price_total')}</dt>
        <dd className="text-end text-lg font-bold">{formatMinorUnits(total, regional)}</dd>
      </div>
    </dl>
  );
}
