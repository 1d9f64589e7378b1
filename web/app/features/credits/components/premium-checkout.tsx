import type {
  CreateOrderResponse,
  CreatePremiumOrderRequestSchema,
  PremiumPlan,
  PricingResponse,
} from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { createPremiumOrder, premiumCheckoutQueryOptions, premiumSchema } from '../api/premium-calls';
import { subscriptionQueryOptions } from '../api/subscription-calls';
import { formatMinorUnits, formatMonths } from '../../../lib/format-money';
import { MEMBERSHIP_PATH } from '../premium';
import { MembershipSummary } from './membership-section';
import { OrderForm, orderFailureKey, WithPaymentMethods } from './order-form';
import { PaymentCountryField } from './payment-country-field';
import { usePlanName } from './premium-offer';

/** The form holds what the member can still leave out; the schema refuses it then. */
interface PremiumCheckoutValues {
  plan: string;
  country: string;
  method: string;
  immediate_start: boolean;
}
type PremiumCheckoutOutput = z.output<typeof CreatePremiumOrderRequestSchema>;
const VISIBLE_FIELDS: readonly string[] = ['method', 'immediate_start'] satisfies (keyof PremiumCheckoutValues)[];
const checkOrder = lazyZodResolver<PremiumCheckoutValues, PremiumCheckoutOutput>(
  premiumSchema('CreatePremiumOrderRequestSchema'),
);

export interface PremiumCheckoutProps {
  /** The public prices for the payment country, the chosen plan among them. */
  pricing: PricingResponse;
  plan: PremiumPlan;
  /** The method the address names, chosen before. */
  method: string | null;
  onCountryChange: (country: string) => void;
  onMethodChange: (method: string) => void;
  /** The order is made: the member goes on to the provider's checkout. */
  onOrdered: (answer: CreateOrderResponse) => void;
}

/**
 * The checkout of a premium plan: how to pay from the payment country, the price with its VAT,
 * how it renews (only per month after the first term, ended any month: Dutch civil code 7:237),
 * and the order as the credits are ordered. One membership at a time: a member who has one is
 * shown it and where to manage it.
 */
export function PremiumCheckout({
  pricing,
  plan,
  method,
  onCountryChange,
  onMethodChange,
  onOrdered,
}: PremiumCheckoutProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const planName = usePlanName();
  const country = pricing.country;
  const checkout = useQuery(premiumCheckoutQueryOptions({ plan: plan.id, country }));

  const order = useApiForm<PremiumCheckoutValues, PremiumCheckoutOutput>({
    defaultValues: { plan: plan.id, country, method: method ?? '', immediate_start: false },
    resolver: checkOrder,
    send: async (order) => {
      onOrdered(await createPremiumOrder(order));
      return LEAVING;
    },
    fieldOf: (field) => (VISIBLE_FIELDS.includes(field) ? field : `order.${field}`),
    failureOf: (error) => {
      const code = error instanceof ApiError ? error.body?.error.code : undefined;
      // A membership began in another tab since this page loaded: one at a time.
      return code === 'premium_running' ? 'premium.already_member' : orderFailureKey(code);
    },
  });
  const { form } = order;

  // The country lives in the address (it prices the page); the order takes whatever it is now.
  useEffect(() => {
    form.setValue('country', country);
  }, [form, country]);

  return (
    <div className="space-y-6">
      <h2 className="heading text-2xl">{t('premium.checkout_title', { plan: planName(plan.months) })}</h2>
      <PaymentCountryField countries={pricing.countries} value={country} onChange={onCountryChange} />

      {checkout.data && !checkout.data.can_order ? (
        <CurrentMembership />
      ) : (
        <WithPaymentMethods query={checkout} noMethods={t('premium.no_methods')}>
          {(offer) => (
            <OrderForm
              order={order}
              pricing={offer}
              total={offer.plan.price}
              methodChoice={{ field: 'method', methods: offer.methods, onChange: onMethodChange }}
              consent={{
                field: 'immediate_start',
                label: t('premium.immediate_start'),
                message: t('premium.immediate_start_required'),
              }}
              overLimit={t('premium.over_limit')}
            >
              <p>
                {offer.plan.months > 1
                  ? t('premium.terms_longer', {
                      months: formatMonths(offer.plan.months, regional),
                      price: formatMinorUnits(offer.plan.price, regional),
                      renewal: formatMinorUnits(offer.plan.renewal_price, regional),
                    })
                  : t('premium.terms_month', {
                      price: formatMinorUnits(offer.plan.price, regional),
                      renewal: formatMinorUnits(offer.plan.renewal_price, regional),
                    })}
              </p>
            </OrderForm>
          )}
        </WithPaymentMethods>
      )}
    </div>
  );
}

/** A member with a running or renewing membership orders no second one: theirs, and where to manage it. */
function CurrentMembership() {
  const { t } = useTranslation();
  const membership = useQuery(subscriptionQueryOptions());
  return (
    <div className="form-notice space-y-2">
      <p className="font-bold">{t('premium.already_member')}</p>
      {membership.data ? <MembershipSummary subscription={membership.data.subscription} /> : null}
      <Link className="text-link" to={MEMBERSHIP_PATH}>
        {t('premium.manage_link')}
      </Link>
    </div>
  );
}
