import type { AppliedDiscount, DiscountCode } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { getPaymentMethods, paymentMethodsQueryOptions, welcomeDiscountQueryOptions } from '../api/payment-calls';
import type { CheckoutOutput, CheckoutValues } from './checkout';
import { TimeBonus } from './time-bonus';

type CheckoutForm = UseFormReturn<CheckoutValues, unknown, CheckoutOutput>;

/** The server's reason a code cannot be used, or a general one when the check itself failed. */
function refusalOf(error: unknown): string {
  const fields = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
  return fields?.discount_code ?? 'discounts.code_check_failed';
}

/**
 * The discount code of a checkout: the one the address brings (the delete offer's link), else the
 * member's welcome code, applied by itself; or one the member types. A code is applied only once
 * the server has priced it, so the breakdown never shows a discount the order would refuse. A
 * welcome code that cannot be applied is left out without a word (spec §8).
 */
export function useCheckoutDiscount(
  form: CheckoutForm,
  packageId: string,
  country: string,
  fromAddress: string | null,
) {
  const queryClient = useQueryClient();
  const welcome = useQuery(welcomeDiscountQueryOptions()).data ?? null;
  const [applied, setApplied] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = useCallback(
    async (typed: string, silent = false) => {
      const code = typed.trim();
      if (!code) return;
      setChecking(true);
      try {
        // Asked here rather than as the page's query, so a refusal is the field's message, not a failed page.
        const pricing = { package: packageId, country, discount_code: code };
        queryClient.setQueryData(paymentMethodsQueryOptions(pricing).queryKey, await getPaymentMethods(pricing));
        setApplied(code);
        form.setValue('discount_code', code);
        form.clearErrors('discount_code');
      } catch (error) {
        if (!silent) form.setError('discount_code', { message: refusalOf(error) });
      } finally {
        setChecking(false);
      }
    },
    [queryClient, form, packageId, country],
  );

  // Each automatic code is tried once: one the member removed stays removed.
  const automatic = fromAddress ?? welcome?.code ?? null;
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!automatic || tried.current === automatic) return;
    tried.current = automatic;
    void apply(automatic, automatic !== fromAddress);
  }, [automatic, fromAddress, apply]);

  const remove = () => {
    setApplied(null);
    form.setValue('discount_code', '');
  };

  return { applied, checking, apply, remove, welcome };
}

export interface CheckoutDiscountProps {
  form: CheckoutForm;
  /** What the applied code gives this purchase, once priced. */
  discount: AppliedDiscount | undefined;
  /** The welcome code, whose countdown shows while it is the one applied. */
  welcome: DiscountCode | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** The code field and what the applied code gives, with a way to take it off again. */
export function CheckoutDiscount({ form, discount, welcome, checking, onApply, onRemove }: CheckoutDiscountProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form.getValues('discount_code') ?? '');
  };
  const gives = (code: Pick<AppliedDiscount, 'kind' | 'value'>) =>
    t(code.kind === 'bonus' ? 'discounts.bonus' : 'discounts.percent', { value: code.value });

  return (
    <section className="card space-y-3 p-4" aria-label={t('discounts.code_label')}>
      {discount ? (
        <>
          {welcome?.code === discount.code ? <TimeBonus code={welcome} /> : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t('discounts.applied', { code: discount.code, offer: gives(discount) })}</p>
            <Button variant="ghost" size="sm" onClick={onRemove}>
              {t('discounts.remove')}
            </Button>
          </div>
        </>
      ) : (
        // Its own form: Enter in the field applies the code rather than placing the order.
        <form className="flex flex-wrap items-start gap-2" onSubmit={submit} noValidate>
          <FormTextField
            className="grow"
            control={form.control}
            name="discount_code"
            label={t('discounts.code_label')}
            autoComplete="off"
            onEdit={() => form.clearErrors('discount_code')}
          />
          <Button type="submit" variant="secondary" className="mt-7" loading={checking}>
            {t('discounts.apply')}
          </Button>
        </form>
      )}
    </section>
  );
}
