import type { CreateOrderRequestSchema, CreateOrderResponse, CreditPackagesResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormCheckboxField } from '../../../components/forms/form-fields';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import type { Resolver } from 'react-hook-form';
import { createOrder, paymentMethodsQueryOptions, paymentSchema } from '../api/payment-calls';
import { CheckoutDiscount, useCheckoutDiscount } from './checkout-discount';
import { PaymentCountryField } from './payment-country-field';
import { OrderForm, orderFailureKey, WithPaymentMethods } from './order-form';
import { PackageSummary } from './package-summary';

/** The form holds what the member can still leave out; the schema refuses it then. */
export interface CheckoutValues {
  package: string;
  country: string;
  method: string;
  immediate_delivery: boolean;
  return_to?: string;
  /** What the member typed; the order carries the code the server priced (see useCheckoutDiscount). */
  discount_code?: string;
  keep_method?: boolean;
}
const VISIBLE_FIELDS: readonly string[] = [
  'method',
  'immediate_delivery',
  'discount_code',
  'keep_method',
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
  const country = offer.country;
  const item = offer.packages.find((candidate) => candidate.id === creditId);

  const order = useApiForm<CheckoutValues, CheckoutOutput>({
    defaultValues: {
      package: creditId,
      country,
      method: method ?? '',
      immediate_delivery: false,
      keep_method: false,
      ...(returnTo ? { return_to: returnTo } : {}),
    },
    resolver: checkOrder,
    send: async (order) => {
      onOrdered(await createOrder({ ...order, ...(discount.applied ? { discount_code: discount.applied } : {}) }));
      return LEAVING;
    },
    // Only these are fields the member sees; a refusal of the rest is told in the form's alert.
    fieldOf: (field) => (VISIBLE_FIELDS.includes(field) ? field : `order.${field}`),
    failureOf: (error) => orderFailureKey(error instanceof ApiError ? error.body?.error.code : undefined),
  });
  const { form } = order;

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

      {item ? <PackageSummary item={item} /> : null}

      <PaymentCountryField countries={offer.countries} value={country} onChange={onCountryChange} />

      <CheckoutDiscount
        form={form}
        discount={methods.data?.discount}
        welcome={discount.welcome}
        checking={discount.checking}
        onApply={(code) => void discount.apply(code)}
        onRemove={discount.remove}
      />

      <WithPaymentMethods query={methods} noMethods={t('credits.no_methods')}>
        {(pricing) => (
          <OrderForm
            order={order}
            pricing={pricing}
            total={pricing.discount?.total ?? pricing.package.price}
            discount={pricing.discount}
            methodChoice={{ field: 'method', methods: pricing.methods, onChange: onMethodChange }}
            consent={{
              field: 'immediate_delivery',
              label: t('credits.immediate_delivery'),
              message: t('credits.immediate_delivery_required'),
            }}
            overLimit={t('spending.checkout_over_limit')}
          >
            {/* Optional and unticked: a kept method charges again only when the member confirms a repeat order. */}
            <FormCheckboxField
              control={form.control}
              name="keep_method"
              label={t('credits.keep_method')}
              hint={t('credits.keep_method_hint')}
            />
          </OrderForm>
        )}
      </WithPaymentMethods>
    </div>
  );
}
