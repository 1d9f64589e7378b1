import type { Subscription, SubscriptionResponse } from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { formatFullTime } from '../../../lib/dates';
import { changeSubscription, subscriptionQueryOptions } from '../api/subscription-calls';
import { formatMinorUnits } from '../../../lib/format-money';
import { MEMBERSHIP_ID, PREMIUM_PATH } from '../premium';

type Confirming = 'cancel' | 'withdraw' | null;

/**
 * Issue 16: the member's premium membership with the cancel button the law asks for in the
 * account, and while it is open the EU withdrawal button (2023/2673). `initial` is what the
 * page's loader read, so the section is as tall at its first paint as after.
 */
export function MembershipSection({ initial }: { initial?: SubscriptionResponse }) {
  const { t } = useTranslation();
  const membership = useQuery({ ...subscriptionQueryOptions(), initialData: initial });

  return (
    <section id={MEMBERSHIP_ID} className="card space-y-3 p-4 sm:p-5" aria-labelledby="profile-membership">
      <h2 id="profile-membership" className="heading text-xl">
        {t('membership.title')}
      </h2>
      {membership.isPending ? (
        <p role="status" className="text-ink-muted">
          {t('membership.loading')}
        </p>
      ) : membership.isError ? (
        <FormAlert>{t('membership.load_failed')}</FormAlert>
      ) : membership.data.subscription && membership.data.subscription.state !== 'ended' ? (
        <MembershipActions subscription={membership.data.subscription} />
      ) : (
        <>
          <MembershipSummary subscription={membership.data.subscription} />
          <Link className="text-link" to={PREMIUM_PATH}>
            {t('membership.to_premium')}
          </Link>
        </>
      )}
    </section>
  );
}

/** Where the membership stands: none, waiting for its payment, running (and renewing or not), or over. */
export function MembershipSummary({ subscription }: { subscription: Subscription | null }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const date = (iso: string | null) => (iso ? formatFullTime(iso, regional) : '');
  if (!subscription) return <p>{t('membership.none')}</p>;
  if (subscription.state === 'pending') return <p>{t('membership.pending')}</p>;
  if (subscription.state === 'ended') {
    return (
      <p>
        {subscription.withdrawn_at
          ? t('membership.withdrawn', { date: date(subscription.withdrawn_at) })
          : t('membership.ended', { date: date(subscription.current_period_end) })}
      </p>
    );
  }
  const until = date(subscription.current_period_end);
  return (
    <div className="space-y-1">
      <p className="font-bold">{t('membership.active', { date: until })}</p>
      <p>
        {subscription.renews
          ? t('membership.renews', { date: until, money: formatMinorUnits(subscription.renewal_price, regional) })
          : t('membership.ends', { date: until })}
      </p>
    </div>
  );
}

function MembershipActions({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const change = useMutation({
    mutationFn: changeSubscription,
    onSuccess: (answer) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, answer);
      setConfirming(null);
    },
  });
  const act = (action: 'cancel' | 'resume' | 'withdraw') => change.mutate({ action });
  const close = () => {
    setConfirming(null);
    change.reset();
  };
  const refund = subscription.withdrawal_refund ? formatMinorUnits(subscription.withdrawal_refund, regional) : '';

  return (
    <>
      <MembershipSummary subscription={subscription} />
      {change.isError && confirming === null ? <FormAlert>{t('membership.change_failed')}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        {subscription.state === 'active' && subscription.renews ? (
          <Button variant="secondary" onClick={() => setConfirming('cancel')}>
            {t('membership.cancel_button')}
          </Button>
        ) : null}
        {subscription.state === 'active' && !subscription.renews ? (
          <Button variant="secondary" loading={change.isPending} onClick={() => act('resume')}>
            {t('membership.resume_button')}
          </Button>
        ) : null}
      </div>
      {subscription.withdrawal_until ? (
        <div className="space-y-2 border-t border-line pt-3">
          <p>
            {t('membership.withdrawal_intro', {
              date: formatFullTime(subscription.withdrawal_until, regional),
              money: refund,
            })}
          </p>
          <Button variant="danger" onClick={() => setConfirming('withdraw')}>
            {t('membership.withdraw_button')}
          </Button>
        </div>
      ) : null}

      <Modal
        open={confirming !== null}
        onClose={close}
        title={confirming === 'withdraw' ? t('membership.withdraw_title') : t('membership.cancel_title')}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('membership.keep_button')}
            </Button>
            <Button variant="danger" loading={change.isPending} onClick={() => confirming && act(confirming)}>
              {confirming === 'withdraw' ? t('membership.withdraw_confirm') : t('membership.cancel_confirm')}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <p>
            {confirming === 'withdraw'
              ? t('membership.withdraw_text', { money: refund })
              : t('membership.cancel_text', { date: formatFullTime(subscription.current_period_end ?? '', regional) })}
          </p>
          {change.isError ? <FormAlert>{t('membership.change_failed')}</FormAlert> : null}
        </div>
      </Modal>
    </>
  );
}
