import type { CreditPackage, Money } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { buttonClassName } from '../../../components/ui/button';
import { formatMinorUnits } from '../../../lib/format-money';

/** A package with its price per message; the whole card leads to its checkout. */
export function PackageCard({
  item,
  to,
  premiumPerMessage,
}: {
  item: CreditPackage;
  to: string;
  /** What a message comes to at this package's rate for a premium member, where premium makes it cheaper. */
  premiumPerMessage?: Money;
}) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return (
    <Link to={to} className="card flex h-full flex-col gap-1 p-4 no-underline hover:border-brand">
      <span className="heading text-2xl">{t('credits.package_credits', { credits: item.credits })}</span>
      {item.bonus_credits > 0 ? (
        <span className="font-bold text-success">{t('credits.package_bonus', { credits: item.bonus_credits })}</span>
      ) : null}
      <span className="text-xl font-bold">{formatMinorUnits(item.price, regional)}</span>
      <span className="text-sm text-ink-muted">
        {t('credits.package_per_message', { money: formatMinorUnits(item.per_message, regional) })}
      </span>
      {premiumPerMessage ? (
        <span className="text-sm text-ink-muted">
          {t('pricing.premium_per_message', { money: formatMinorUnits(premiumPerMessage, regional) })}
        </span>
      ) : null}
      {/* The whole card is the link; this only shows a thumb where to tap. */}
      <span className="mt-auto pt-2">
        <span className={buttonClassName({ size: 'sm' })}>{t('credits.package_choose')}</span>
      </span>
    </Link>
  );
}
