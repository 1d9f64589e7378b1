import type { PremiumBenefits as Benefits, PremiumPlan } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMinorUnits, formatMonths, formatPercent } from '../../../lib/format-money';

/**
 * What premium gives on this site, as its settings say and the server enforces; `visitorsFree`:
 * the latest profile visitors a member sees without it (premium shows them all).
 */
export function PremiumBenefits({ benefits, visitorsFree }: { benefits: Benefits; visitorsFree: number }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const items = [
    benefits.no_ads ? t('premium.benefit_no_ads') : null,
    benefits.message_discount_percent > 0
      ? t('premium.benefit_cheaper_messages', { percent: formatPercent(benefits.message_discount_percent, regional) })
      : null,
    benefits.monthly_bonus_credits > 0
      ? t('premium.benefit_bonus_credits', { credits: benefits.monthly_bonus_credits })
      : null,
    visitorsFree > 0 ? t('premium.benefit_all_visitors', { number: visitorsFree }) : t('premium.benefit_visitors'),
  ].filter((item) => item !== null);
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="font-bold text-success">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * One plan as the law wants it read (EU 2011/83 art. 6(1)(e)): the first term's price, what it
 * comes to per month, and the monthly renewal after it that can be ended any month.
 */
export function PlanCard({ plan, action }: { plan: PremiumPlan; action?: ReactNode }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const planName = usePlanName();
  return (
    <article className="card flex h-full flex-col gap-1 p-4">
      <h3 className="heading text-2xl">{planName(plan.months)}</h3>
      <p className="text-xl font-bold">{formatMinorUnits(plan.price, regional)}</p>
      {plan.months > 1 ? (
        <p className="text-sm text-ink-muted">
          {t('premium.per_month', { money: formatMinorUnits(plan.per_month, regional) })}
        </p>
      ) : null}
      <p className="text-sm">{t('premium.renewal', { money: formatMinorUnits(plan.renewal_price, regional) })}</p>
      {action ? <div className="mt-auto pt-2">{action}</div> : null}
    </article>
  );
}

/** "Premium, 3 months": a plan is named by its first term. */
export function usePlanName() {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return (months: number) => t('premium.plan_name', { months: formatMonths(months, regional) });
}
