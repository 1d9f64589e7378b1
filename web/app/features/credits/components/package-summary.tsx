import type { CreditPackage } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMinorUnits } from '../../../lib/format-money';

/** The package being ordered: its credits, any bonus, what a message comes to at its rate, and how it is paid. */
export function PackageSummary({ item, children }: { item: CreditPackage; children?: ReactNode }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return (
    <section className="card space-y-1 p-4" aria-label={t('credits.checkout_package')}>
      <p className="heading text-2xl">{t('credits.package_credits', { credits: item.credits })}</p>
      {item.bonus_credits > 0 ? (
        <p className="font-bold text-success">{t('credits.package_bonus', { credits: item.bonus_credits })}</p>
      ) : null}
      <p className="text-sm text-ink-muted">
        {t('credits.package_per_message', { money: formatMinorUnits(item.per_message, regional) })}
      </p>
      {children}
    </section>
  );
}
