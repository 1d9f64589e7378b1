import type {
  CreateOrderResponse,
  RepeatOrderRefusal,
  RepeatOrderRequestSchema,
  RepeatOrderResponse,
} from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { NAMED_ROUTES } from '../../../route-table';
import { creditsQueryOptions } from '../api/get-credits';
import { paymentSchema, repeatOrder, repeatOrderQueryOptions } from '../api/payment-calls';
import { spendingQueryOptions } from '../api/spending-calls';
import { METHOD_KEYS, OrderForm, orderFailureKey } from './order-form';
import { PackageSummary } from './package-summary';
import { MonthlySpending } from './spent-this-month';

interface RepeatOrderValues {
  immediate_delivery: boolean;
}
type RepeatOrderOutput = z.output<typeof RepeatOrderRequestSchema>;
const checkOrder = lazyZodResolver<RepeatOrderValues, RepeatOrderOutput>(paymentSchema('RepeatOrderRequestSchema'));

const REFUSAL_KEYS: Record<RepeatOrderRefusal, string> = {
  no_purchase: 'repeat_order.no_purchase',
  no_kept_method: 'repeat_order.no_kept_method',
  package_gone: 'repeat_order.package_gone',
};

type Settled = 'package' | 'country' | 'method' | 'net' | 'vat';
/** An offer that can be repeated: the contract leaves these null only when it names a refusal. */
type RepeatableOffer = Omit<RepeatOrderResponse, Settled> & {
  [Field in Settled]: NonNullable<RepeatOrderResponse[Field]>;
};

function repeatable(offer: RepeatOrderResponse): RepeatableOffer | null {
  const { package: item, country, method, net, vat } = offer;
  if (offer.refusal !== null || !item || !country || !method || !net || !vat) return null;
  return { ...offer, package: item, country, method, net, vat };
}

export interface RepeatOrderProps {
  /** The order is made: its page when it was charged at once, else the provider's one-click page. */
  onOrdered: (answer: CreateOrderResponse) => void;
}

/**
 * Spec §2 /credits/repeat-order: the last credits purchase at today's price, ordered again in one
 * confirmation with the method its provider kept, under the same EU terms as the checkout. Where
 * that is not possible the member is told why and sent to the packages.
 */
export function RepeatOrder({ onOrdered }: RepeatOrderProps) {
  const { t } = useTranslation();
  const query = useQuery(repeatOrderQueryOptions());
  const offer = query.data ? repeatable(query.data) : null;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="heading text-3xl">{t('repeat_order.title')}</h1>
      {query.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('repeat_order.loading')}
        </p>
      ) : query.isError ? (
        <FormAlert>{t('repeat_order.load_failed')}</FormAlert>
      ) : offer ? (
        <RepeatOrderForm offer={offer} onOrdered={onOrdered} />
      ) : (
        <NotRepeatable refusal={query.data.refusal ?? 'no_purchase'} />
      )}
    </div>
  );
}

function RepeatOrderForm({ offer, onOrdered }: { offer: RepeatableOffer } & RepeatOrderProps) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const queryClient = useQueryClient();
  const order = useApiForm<RepeatOrderValues, RepeatOrderOutput>({
    defaultValues: { immediate_delivery: false },
    resolver: checkOrder,
    send: async (values) => {
      const answer = await repeatOrder(values);
      // Charged at once, the balance and this month's spending are news to the screens that come next.
      for (const options of [creditsQueryOptions(), spendingQueryOptions(), repeatOrderQueryOptions()]) {
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
      }
      onOrdered(answer);
      return LEAVING;
    },
    failureOf: (error) => orderFailureKey(error instanceof ApiError ? error.body?.error.code : undefined),
  });

  return (
    <>
      <p>{t('repeat_order.intro')}</p>
      <PackageSummary item={offer.package}>
        <p>{t('repeat_order.method', { method: t(METHOD_KEYS[offer.method]) })}</p>
        <p>{t('credits.country_only', { country: countryName(offer.country) })}</p>
      </PackageSummary>
      <MonthlySpending />
      <OrderForm
        order={order}
        pricing={offer}
        total={offer.package.price}
        consent={{
          field: 'immediate_delivery',
          label: t('credits.immediate_delivery'),
          message: t('credits.immediate_delivery_required'),
        }}
        overLimit={t('spending.checkout_over_limit')}
      />
      <ButtonLink variant="secondary" block to={NAMED_ROUTES.credits}>
        {t('repeat_order.other_package')}
      </ButtonLink>
    </>
  );
}

/** Why there is nothing to repeat in one step, in plain words, and the usual way to buy instead. */
function NotRepeatable({ refusal }: { refusal: RepeatOrderRefusal }) {
  const { t } = useTranslation();
  return (
    <section className="form-notice space-y-3" aria-labelledby="repeat-order-refused-title">
      <h2 id="repeat-order-refused-title" className="font-bold">
        {t('repeat_order.refused_title')}
      </h2>
      <p>{t(REFUSAL_KEYS[refusal], { box: t('credits.keep_method') })}</p>
      <ButtonLink to={NAMED_ROUTES.credits}>{t('repeat_order.to_packages')}</ButtonLink>
    </section>
  );
}
