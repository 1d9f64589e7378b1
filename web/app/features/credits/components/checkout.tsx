import type {
  CreateOrderRequestSchema,
  CreateOrderResponse,
  CreditPackagesResponse,
  PaymentMethod,
} from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormCheckboxField, FormRadioGroupField } from '../../../components/forms/form-fields';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import type { Resolver } from 'react-hook-form';
import { createOrder, paymentMethodsQueryOptions, paymentSchema } from '../api/payment-calls';
import { formatMinorUnits } from '../format-money';
import { SPENDING_LIMIT_PATH } from '../spending-limit';
import { CheckoutDiscount, useCheckoutDiscount } from './checkout-discount';
import { PaymentCountryField } from './payment-country-field';
import { PriceBreakdown } from './price-breakdown';

/** Where the spec's sites keep their terms, which say how the fictional profiles work. */
const TERMS_PATH = '/pages/terms';

const METHOD_KEYS: Record<PaymentMethod, string> = {
  card: 'credits.method_card',
  ideal: 'credits.method_ideal',
  bancontact: 'credits.method_bancontact',
  sepa_debit: 'credits.method_sepa_debit',
  przelewy24: 'credits.method_przelewy24',
  paysafecard: 'credits.method_paysafecard',
};

/** The form holds what the member can still leave out; the schema refuses it then. */
export interface CheckoutValues {
  package: string;
  country: string;
  method: string;
  immediate_delivery: boolean;
  return_to?: string;
  /** What the member typed; the order carries the code the server priced (see useCheckoutDiscount). */
  discount_code?: string;
}
const VISIBLE_FIELDS: readonly string[] = [
  'method',
  'immediate_delivery',
  'discount_code',
] satisfies (keyof CheckoutValues)[];
export type CheckoutOutput = z.output<typeof CreateOrderRequestSchema>;
const checkSchema = lazyZodResolver<CheckoutValues, CheckoutOutput>(paymentSchema('CreateOrderRequestSchema'));
// A typed code is checked when applied, not with the order, which takes the applied one.
const checkOrder: Resolver<CheckoutValues, unknown, CheckoutOutput> = (values, context, options) =>
  checkSchema({ ...values, discount_code: undefined }, context, options);

export interface CheckoutProps {
  /** The site's packages priced for the payment country, the chosen one among them. */
  offer: CreditPackagesResponse;
  creditId: string;
  /** The method the address names, chosen before. */
  method: string | null;
  returnTo: string | null;
  /** A discount code the address brings, applied at once. */
  discountCode?: string | null;
  onCountryChange: (country: string) => void;
  onMethodChange: (method: string) => void;
  /** The order is made: the member goes on to the provider's checkout. */
  onOrdered: (answer: CreateOrderResponse) => void;
}

/**
 * Spec §2 /credits/{creditId}/{paymentMethod?}: one package, how to pay for it from the payment
 * country, the price with its VAT, and the order under the terms EU law asks for (2011/83:
 * a button that says the order costs money, and an unticked box for immediate delivery).
 */
export function Checkout({
  offer,
  creditId,
  method,
  returnTo,
  discountCode = null,
  onCountryChange,
  onMethodChange,
  onOrdered,
}: CheckoutProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const country = offer.country;
  const item = offer.packages.find((candidate) => candidate.id === creditId);

  const { form, control, onSubmit, busy, failure } = useApiForm<CheckoutValues, CheckoutOutput>({
    defaultValues: {
      package: creditId,
      country,
      method: method ?? '',
      immediate_delivery: false,
      ...(returnTo ? { return_to: returnTo } : {}),
    },
    resolver: checkOrder,
    send: async (order) => {
      onOrdered(await createOrder({ ...order, ...(discount.applied ? { discount_code: discount.applied } : {}) }));
      return LEAVING;
    },
    // Only these two are fields the member sees; a refusal of the rest is told in the form's alert.
    fieldOf: (field) => (VISIBLE_FIELDS.includes(field) ? field : `order.${field}`),
    failureOf: (error) => {
      const code = error instanceof ApiError ? error.body?.error.code : undefined;
      if (code === 'payment_method_unavailable') return 'credits.method_unavailable';
      if (code === 'spending_blocked') return 'credits.spending_blocked';
      if (code === 'spending_limit_reached') return 'spending.order_over_limit';
      return 'credits.order_failed';
    },
  });

  const discount = useCheckoutDiscount(form, creditId, country, discountCode);
  const methods = useQuery(
    paymentMethodsQueryOptions({ package: creditId, country, discount_code: discount.applied ?? undefined }),
  );

  // The country lives in the address (it prices the page); the order takes whatever it is now.
  useEffect(() => {
    form.setValue('country', country);
  }, [form, country]);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="heading text-3xl">{t('credits.checkout_title')}</h1>

      {item ? (
        <section className="card space-y-1 p-4" aria-label={t('credits.checkout_package')}>
          <p className="heading text-2xl">{t('credits.package_credits', { credits: item.credits })}</p>
          {item.bonus_credits > 0 ? (
            <p className="font-bold text-success">{t('credits.package_bonus', { credits: item.bonus_credits })}</p>
          ) : null}
          <p className="text-sm text-ink-muted">
            {t('credits.package_per_message', { money: formatMinorUnits(item.per_message, regional) })}
          </p>
        </section>
      ) : null}

      <PaymentCountryField countries={offer.countries} value={country} onChange={onCountryChange} />

      <CheckoutDiscount
        form={form}
        discount={methods.data?.discount}
        welcome={discount.welcome}
        checking={discount.checking}
        onApply={(code) => void discount.apply(code)}
        onRemove={discount.remove}
      />

      {methods.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('credits.methods_loading')}
        </p>
      ) : methods.isError ? (
        <FormAlert>{t('credits.methods_failed')}</FormAlert>
      ) : methods.data.methods.length === 0 ? (
        <FormAlert>{t('credits.no_methods')}</FormAlert>
      ) : (
        <form className="space-y-5" onSubmit={onSubmit} noValidate>
          {methods.data.within_spending_limit ? null : <OverSpendingLimit />}
          <FormRadioGroupField
            control={control}
            name="method"
            legend={t('credits.method_label')}
            required
            onEdit={() => {
              form.clearErrors('method');
              onMethodChange(form.getValues('method'));
            }}
            options={methods.data.methods.map(({ id }) => ({ value: id, label: t(METHOD_KEYS[id]) }))}
          />

          <section className="card space-y-2 p-4" aria-labelledby="checkout-price-title">
            <h2 id="checkout-price-title" className="font-bold">
              {t('credits.price_title')}
            </h2>
            <PriceBreakdown
              net={methods.data.net}
              vat={methods.data.vat}
              vatRateBp={methods.data.vat_rate_bp}
              total={methods.data.discount?.total ?? methods.data.package.price}
              discount={methods.data.discount}
            />
          </section>

          <FormCheckboxField
            control={control}
            name="immediate_delivery"
            required
            label={t('credits.immediate_delivery')}
            message={t('credits.immediate_delivery_required')}
            onEdit={() => form.clearErrors('immediate_delivery')}
          />

          <p className="text-sm">
            {t('credits.fictional_profiles')}{' '}
            <Link className="text-link" to={TERMS_PATH}>
              {t('credits.terms_link')}
            </Link>
          </p>

          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
          <Button type="submit" block size="lg" loading={busy} disabled={!methods.data.within_spending_limit}>
            {t('credits.order_button')}
          </Button>
        </form>
      )}
    </div>
  );
}

/** Spending care (issue 16): said before the member fills anything in, with the way to change the limit. */
function OverSpendingLimit() {
  const { t } = useTranslation();
  return (
    <div className="form-alert space-y-1" role="alert">
      <p>{t('spending.checkout_over_limit')}</p>
      <Link className="text-link" to={SPENDING_LIMIT_PATH}>
        {t('spending.change_link')}
      </Link>
    </div>
  );
}
