import type { AppliedDiscount, Money, PaymentMethod } from '@rendezvous/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCheckboxField, FormRadioGroupField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SPENDING_LIMIT_PATH } from '../spending-limit';
import { PriceBreakdown } from './price-breakdown';

/** Where the spec's sites keep their terms, which say how the fictional profiles work. */
const TERMS_PATH = '/pages/terms';

export const METHOD_KEYS: Record<PaymentMethod, string> = {
  card: 'credits.method_card',
  ideal: 'credits.method_ideal',
  bancontact: 'credits.method_bancontact',
  sepa_debit: 'credits.method_sepa_debit',
  przelewy24: 'credits.method_przelewy24',
  paysafecard: 'credits.method_paysafecard',
};

/** The price of an order with its VAT, and whether it fits the member's spending limit. */
export interface OrderPricing {
  vat_rate_bp: number;
  net: Money;
  vat: Money;
  within_spending_limit: boolean;
}

/** What a checkout's methods call answers for credits and for premium alike. */
export interface CheckoutPricing extends OrderPricing {
  methods: readonly { id: PaymentMethod }[];
}

/** A checkout's methods while they load, fail or are none for the country; else `children` with them. */
export function WithPaymentMethods<Pricing extends CheckoutPricing>({
  query,
  noMethods,
  children,
}: {
  query: UseQueryResult<Pricing>;
  /** Why nothing can be paid from this country, in the words of what is bought. */
  noMethods: string;
  children: (pricing: Pricing) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('credits.methods_loading')}
      </p>
    );
  }
  if (query.isError) return <FormAlert>{t('credits.methods_failed')}</FormAlert>;
  if (query.data.methods.length === 0) return <FormAlert>{noMethods}</FormAlert>;
  return children(query.data);
}

export interface OrderFormProps<Values extends FieldValues, Output extends FieldValues> {
  /** The checkout's `useApiForm`; `failure` is the catalogue key of a refusal no field shows. */
  order: {
    form: UseFormReturn<Values, unknown, Output>;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    busy: boolean;
    failure: string | null;
  };
  pricing: OrderPricing;
  /** What the member pays, VAT included. */
  total: Money;
  discount?: AppliedDiscount;
  /**
   * The methods to choose from and the form's field for the choice; `onChange` tells the address
   * to keep it. Left out where the method is already settled (a repeat order pays as before).
   */
  methodChoice?: {
    field: FieldPath<Values>;
    methods: CheckoutPricing['methods'];
    onChange: (method: string) => void;
  };
  /** The unticked box by which the member asks to start at once (EU 2011/83 art. 7(3) and 16(m)). */
  consent: { field: FieldPath<Values>; label: string; message: string };
  /** Said, with the way to change the limit, when the purchase would go over the member's spending limit. */
  overLimit: string;
  /** What the member must know before the box, e.g. how a membership renews. */
  children?: ReactNode;
}

/**
 * The order under the terms EU law asks for (2011/83 art. 8(2)): the method, the price with its
 * VAT, an unticked box to start at once, the site's fictional profiles with the terms, and a
 * button that says the order costs money. Credits and premium are ordered through it alike.
 */
export function OrderForm<Values extends FieldValues, Output extends FieldValues>({
  order: { form, onSubmit, busy, failure },
  pricing,
  total,
  discount,
  methodChoice,
  consent,
  overLimit,
  children,
}: OrderFormProps<Values, Output>) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <form className="space-y-5" onSubmit={onSubmit} noValidate>
      {pricing.within_spending_limit ? null : <OverSpendingLimit message={overLimit} />}
      {methodChoice ? (
        <FormRadioGroupField
          control={control}
          name={methodChoice.field}
          legend={t('credits.method_label')}
          required
          onEdit={() => {
            form.clearErrors(methodChoice.field);
            methodChoice.onChange(String(form.getValues(methodChoice.field)));
          }}
          options={methodChoice.methods.map(({ id }) => ({ value: id, label: t(METHOD_KEYS[id]) }))}
        />
      ) : null}

      <section className="card space-y-2 p-4" aria-labelledby="checkout-price-title">
        <h2 id="checkout-price-title" className="font-bold">
          {t('credits.price_title')}
        </h2>
        <PriceBreakdown
          net={pricing.net}
          vat={pricing.vat}
          vatRateBp={pricing.vat_rate_bp}
          total={total}
          discount={discount}
        />
      </section>

      {children}

      <FormCheckboxField
        control={control}
        name={consent.field}
        required
        label={consent.label}
        message={consent.message}
        onEdit={() => form.clearErrors(consent.field)}
      />

      <p className="text-sm">
        {t('credits.fictional_profiles')}{' '}
        <Link className="text-link" to={TERMS_PATH}>
          {t('credits.terms_link')}
        </Link>
      </p>

      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <Button type="submit" block size="lg" loading={busy} disabled={!pricing.within_spending_limit}>
        {t('credits.order_button')}
      </Button>
    </form>
  );
}

/** Spending care (issue 16): said before the member fills anything in, with the way to change the limit. */
function OverSpendingLimit({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-alert space-y-1" role="alert">
      <p>{message}</p>
      <Link className="text-link tap-link" to={SPENDING_LIMIT_PATH}>
        {t('spending.change_link')}
      </Link>
    </div>
  );
}

/** The refusals both checkouts share; anything else is the general "could not be placed". */
export function orderFailureKey(code: string | undefined): string {
  if (code === 'payment_method_unavailable') return 'credits.method_unavailable';
  if (code === 'spending_blocked') return 'credits.spending_blocked';
  if (code === 'spending_limit_reached') return 'spending.order_over_limit';
  return 'credits.order_failed';
}
