import type { AppliedDiscount, Money } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMinorUnits, formatVatRate } from '../../../lib/format-money';

/** Net, VAT at its rate, and the total with VAT, as the checkout and the order both show them. */
export function PriceBreakdown({
  net,
  vat,
  vatRateBp,
  total,
  discount,
}: {
  net: Money;
  vat: Money;
  vatRateBp: number;
  total: Money;
  /** A code's share: money off is a line of its own, extra credits a line under the total. */
  discount?: Pick<AppliedDiscount, 'code' | 'amount_off' | 'bonus_credits'> | null;
}) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const rows = [
    ...(discount && discount.amount_off.amount > 0
      ? [
          {
            label: t('discounts.price_discount', { code: discount.code }),
            money: { ...discount.amount_off, amount: -discount.amount_off.amount },
          },
        ]
      : []),
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
      {discount && discount.bonus_credits > 0 ? (
        <div className="contents font-bold text-success">
          <dt>{t('discounts.price_bonus_label', { code: discount.code })}</dt>
          <dd className="text-end">{t('discounts.price_bonus', { credits: discount.bonus_credits })}</dd>
        </div>
      ) : null}
    </dl>
  );
}
