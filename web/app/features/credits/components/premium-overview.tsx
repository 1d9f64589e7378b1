import type { PricingResponse } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { PlanCard, PremiumBenefits } from './premium-offer';

export interface PremiumOverviewProps {
  pricing: PricingResponse;
  /** A member chooses a plan here; a visitor is asked to sign up or log in first. */
  member: boolean;
  /** Where choosing a plan leads (its checkout on this page). */
  planTo: (planId: string) => string;
  /** The log-in address, which brings the visitor back here. */
  loginTo: string;
  /** The chosen plan's checkout, shown in place of the plans. */
  checkout?: ReactNode;
  /** Back from the checkout to the plans. */
  plansTo: string;
}

/** Issue 16, /premium: what premium gives on this site and what each plan costs, then its checkout. */
export function PremiumOverview({ pricing, member, planTo, loginTo, checkout, plansTo }: PremiumOverviewProps) {
  const { t } = useTranslation();
  const premium = pricing.premium;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="heading text-3xl">{t('premium.title')}</h1>
      {premium ? (
        <>
          <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="premium-benefits">
            <h2 id="premium-benefits" className="heading text-xl">
              {t('premium.benefits_title')}
            </h2>
            <PremiumBenefits benefits={premium.benefits} visitorsFree={premium.visitors_free} />
            {pricing.premium_message_credits !== null ? (
              <p className="text-sm text-ink-muted">
                {t('premium.message_credits', {
                  premium: pricing.premium_message_credits,
                  credits: pricing.message_credits,
                })}
              </p>
            ) : null}
          </section>

          {checkout ? (
            <>
              {checkout}
              <ButtonLink to={plansTo} variant="ghost">
                {t('premium.back_to_plans')}
              </ButtonLink>
            </>
          ) : (
            <section className="space-y-3" aria-labelledby="premium-plans">
              <h2 id="premium-plans" className="heading text-2xl">
                {t('premium.plans_title')}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2">
                {premium.plans.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      action={
                        member ? (
                          <ButtonLink to={planTo(plan.id)} size="sm">
                            {t('premium.choose')}
                          </ButtonLink>
                        ) : null
                      }
                    />
                  </li>
                ))}
              </ul>
              {member ? null : (
                <div className="form-notice space-y-3">
                  <p>{t('premium.visitor_call')}</p>
                  <div className="flex flex-wrap gap-3">
                    <ButtonLink to="/signup">{t('premium.signup')}</ButtonLink>
                    <ButtonLink to={loginTo} variant="secondary">
                      {t('premium.login')}
                    </ButtonLink>
                  </div>
                </div>
              )}
            </section>
          )}
        </>
      ) : (
        <p>{t('premium.not_offered')}</p>
      )}
    </div>
  );
}
