import type { Order, OrderState } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatFullTime } from '../../../lib/dates';
import { useLiveEvent } from '../../../lib/live-events';
import { NAMED_ROUTES } from '../../../route-table';
import { ORDER_POLL_INTERVAL_MS, orderQueryOptions } from '../api/payment-calls';
import { formatMonths } from '../../../lib/format-money';
import { useCredits } from '../hooks/use-credits';
import { MEMBERSHIP_PATH, PLAN_PARAM, PREMIUM_PATH } from '../premium';
import { creditsSearch, safeReturnTo } from '../return-to';
import { PriceBreakdown } from './price-breakdown';

type Outcome = 'waiting' | 'paid' | 'unpaid' | 'reversed';

/** What the member is told for each state: still waiting, done, not paid (try again), or money gone back. */
const OUTCOMES: Record<OrderState, { outcome: Outcome; key: string }> = {
  created: { outcome: 'waiting', key: 'credits.order_waiting' },
  pending: { outcome: 'waiting', key: 'credits.order_waiting' },
  paid: { outcome: 'paid', key: 'credits.order_paid' },
  failed: { outcome: 'unpaid', key: 'credits.order_state_failed' },
  cancelled: { outcome: 'unpaid', key: 'credits.order_state_cancelled' },
  expired: { outcome: 'unpaid', key: 'credits.order_state_expired' },
  refunded: { outcome: 'reversed', key: 'credits.order_state_refunded' },
  charged_back: { outcome: 'reversed', key: 'credits.order_state_charged_back' },
};

const isWaiting = (order: Order | undefined) => order !== undefined && OUTCOMES[order.state].outcome === 'waiting';

/**
 * Spec §2 /transactions/{transactionId}: one order's state, live (the `order` event, and a poll
 * while it waits in case the stream dropped that event), what it bought and what it cost.
 */
export function TransactionStatus({ initialOrder }: { initialOrder: Order }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const queryClient = useQueryClient();
  const options = orderQueryOptions(initialOrder.id);
  const { data: order = initialOrder } = useQuery({
    ...options,
    initialData: initialOrder,
    refetchInterval: (query) => (isWaiting(query.state.data) ? ORDER_POLL_INTERVAL_MS : false),
  });
  useLiveEvent('order', (event) => {
    if (event.order_id === order.id) void queryClient.invalidateQueries({ queryKey: options.queryKey });
  });
  // The balance shown after paying is read again once the order settles.
  const credits = useCredits(order.state);

  const { outcome, key } = OUTCOMES[order.state];
  const bought = order.package;
  const plan = order.plan;
  const returnTo = safeReturnTo(order.return_to);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="heading text-3xl">{t('credits.order_title', { number: order.id })}</h1>

      <section className="card space-y-3 p-4" aria-labelledby="order-state-title">
        <h2 id="order-state-title" className="sr-only">
          {t('credits.order_state_label')}
        </h2>
        {/* The state's words change in place when the payment lands: read out without a reload. */}
        <div role="status" className="space-y-2">
          {outcome === 'waiting' ? (
            <p className="flex items-center gap-2 text-lg">
              <span className="spinner shrink-0 text-brand" aria-hidden="true" />
              {t(key)}
            </p>
          ) : outcome === 'paid' ? (
            <>
              <p className="text-lg font-bold text-success">{t(key)}</p>
              {plan ? <p>{t('premium.order_active')}</p> : null}
              {bought ? (
                <p>
                  {t('credits.order_credited', {
                    credits: bought.credits + bought.bonus_credits + (order.discount?.bonus_credits ?? 0),
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <FormAlert>{t(key)}</FormAlert>
          )}
        </div>

        {outcome === 'paid' && plan ? (
          <ButtonLink to={MEMBERSHIP_PATH} variant="primary">
            {t('premium.to_membership')}
          </ButtonLink>
        ) : null}
        {outcome === 'paid' && !plan ? (
          <div className="flex flex-wrap gap-3">
            {returnTo ? (
              <ButtonLink to={returnTo} variant="primary">
                {t('credits.back_to_conversation')}
              </ButtonLink>
            ) : null}
            <ButtonLink to={NAMED_ROUTES.credits} variant={returnTo ? 'secondary' : 'primary'}>
              {credits.status === 'ready'
                ? t('credits.new_balance', { balance: credits.credits.balance })
                : t('credits.see_balance')}
            </ButtonLink>
          </div>
        ) : null}
        {outcome === 'unpaid' && bought ? (
          <ButtonLink
            to={`${NAMED_ROUTES['credits-creditId-paymentMethod'](bought.id)}${creditsSearch({ returnTo })}`}
            variant="primary"
          >
            {t('credits.try_again')}
          </ButtonLink>
        ) : null}
        {outcome === 'unpaid' && plan && !plan.renewal ? (
          <ButtonLink to={`${PREMIUM_PATH}?${PLAN_PARAM}=${encodeURIComponent(plan.id)}`} variant="primary">
            {t('credits.try_again')}
          </ButtonLink>
        ) : null}
      </section>

      <section className="space-y-3" aria-labelledby="order-details-title">
        <h2 id="order-details-title" className="heading text-2xl">
          {t('credits.order_details')}
        </h2>
        {bought ? (
          <p>
            {t('credits.package_credits', { credits: bought.credits })}
            {bought.bonus_credits > 0 ? ` ${t('credits.package_bonus', { credits: bought.bonus_credits })}` : null}
          </p>
        ) : null}
        {plan ? (
          <p>
            {t(plan.renewal ? 'premium.order_renewed' : 'premium.plan_name', {
              months: formatMonths(plan.months, regional),
            })}
          </p>
        ) : null}
        <PriceBreakdown
          net={order.net}
          vat={order.vat}
          vatRateBp={order.vat_rate_bp}
          total={order.gross}
          discount={order.discount}
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">{t('credits.order_number')}</dt>
          <dd translate="no">{order.id}</dd>
          <dt className="text-ink-muted">{t('credits.order_date')}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatFullTime(order.created_at, regional)}</time>
          </dd>
        </dl>
        {order.state === 'paid' ? <p className="text-sm text-ink-muted">{t('credits.receipt_sent')}</p> : null}
        <p className="text-sm">
          {plan ? (
            <Link className="text-link tap-link" to={MEMBERSHIP_PATH}>
              {t('premium.to_membership')}
            </Link>
          ) : (
            <Link className="text-link tap-link" to={NAMED_ROUTES.credits}>
              {t('credits.to_credits')}
            </Link>
          )}
        </p>
      </section>
    </div>
  );
}
