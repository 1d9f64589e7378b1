import type { CreditPackage, Money, PricingResponse } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMED_ROUTES } from '../../../route-table';
import { PREMIUM_PATH } from '../premium';
import { creditsSearch } from '../return-to';
import { PackageCard } from './package-card';
import { PaymentCountryField } from './payment-country-field';
import { PlanCard, PremiumBenefits } from './premium-offer';

/**
 * A message's price at a package's rate with premium's cheaper messages: the same money per
 * credit, fewer credits. Left out where premium does not lower what a message costs.
 */
function premiumPerMessage(item: CreditPackage, pricing: PricingResponse): Money | undefined {
  const premium = pricing.premium_message_credits;
  if (premium === null || premium >= pricing.message_credits) return undefined;
  return {
    amount: Math.round((item.per_message.amount * premium) / pricing.message_credits),
    currency: item.per_message.currency,
  };
}

/**
 * Issue 16, /pricing: what everything costs from a country before anyone signs up: the credit
 * packages and their price per message, what a message costs in credits, and premium.
 */
export function PricingOverview({
  pricing,
  onCountryChange,
}: {
  pricing: PricingResponse;
  onCountryChange: (country: string) => void;
}) {
  const { t } = useTranslation();
  const search = creditsSearch({ country: pricing.country });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="heading text-3xl">{t('pricing.title')}</h1>
      <PaymentCountryField countries={pricing.countries} value={pricing.country} onChange={onCountryChange} />

      <section className="space-y-3" aria-labelledby="pricing-messages">
        <h2 id="pricing-messages" className="heading text-2xl">
          {t('pricing.messages_title')}
        </h2>
        <p>{t('pricing.message_credits', { credits: pricing.message_credits })}</p>
        {pricing.premium_message_credits !== null ? (
          <p>{t('pricing.premium_message_credits', { credits: pricing.premium_message_credits })}</p>
        ) : null}
      </section>

      <section className="space-y-3" aria-labelledby="pricing-credits">
        <h2 id="pricing-credits" className="heading text-2xl">
          {t('pricing.credits_title')}
        </h2>
        {pricing.packages.length > 0 ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {pricing.packages.map((item) => (
              <li key={item.id}>
                <PackageCard
                  item={item}
                  to={`${NAMED_ROUTES['credits-creditId-paymentMethod'](item.id)}${search}`}
                  premiumPerMessage={premiumPerMessage(item, pricing)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('pricing.no_credits')}</p>
        )}
        <Link className="text-link" to={`${NAMED_ROUTES.credits}${search}`}>
          {t('pricing.buy_credits')}
        </Link>
      </section>

      {pricing.premium ? (
        <section className="space-y-3" aria-labelledby="pricing-premium">
          <h2 id="pricing-premium" className="heading text-2xl">
            {t('pricing.premium_title')}
          </h2>
          <PremiumBenefits benefits={pricing.premium.benefits} visitorsFree={pricing.premium.visitors_free} />
          <ul className="grid gap-3 sm:grid-cols-2">
            {pricing.premium.plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
          <Link className="text-link" to={`${PREMIUM_PATH}${search}`}>
            {t('pricing.to_premium')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
