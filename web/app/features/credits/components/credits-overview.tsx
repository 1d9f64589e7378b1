import type { CreditReason } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatFullTime } from '../../../lib/dates';
import { numberFormat } from '../../../lib/number-format';
import { ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatMoney } from '../../../lib/format-money';
import { useCredits } from '../hooks/use-credits';
import { CreditPackages, type CreditPackagesProps } from './credit-packages';
import { MonthlySpending } from './spent-this-month';

export interface CreditsOverviewProps extends CreditPackagesProps {
  /** Sent here because a message could not be paid for: say so first. */
  insufficient: boolean;
}

const REASON_KEYS: Record<CreditReason, string> = {
  welcome: 'credits.reason_welcome',
  demo: 'credits.reason_demo',
  message: 'credits.reason_message',
  purchase: 'credits.reason_purchase',
  refund: 'credits.reason_refund',
  operator: 'credits.reason_operator',
};

/**
 * Spec §2 /credits: the packages for sale first, then the balance, the price of a message and the
 * ledger. `returnTo` is the conversation whose message waits, for the way back now or after paying.
 */
export function CreditsOverview({ insufficient, ...buying }: CreditsOverviewProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const state = useCredits();
  const signed = numberFormat(regional, { signDisplay: 'always' });

  return (
    <div className="credits-page mx-auto max-w-2xl space-y-6">
      <h1 className="heading text-3xl">{t('credits.title')}</h1>

      {insufficient ? (
        <section className="form-alert space-y-2" role="alert" aria-labelledby="credits-insufficient-title">
          <h2 id="credits-insufficient-title" className="font-bold">
            {t('credits.insufficient_title')}
          </h2>
          <p>{t('credits.insufficient_text')}</p>
          {buying.returnTo ? (
            <ButtonLink variant="secondary" size="sm" to={buying.returnTo}>
              {t('credits.back_to_chat')}
            </ButtonLink>
          ) : null}
        </section>
      ) : null}

      <CreditPackages {...buying} />
      <MonthlySpending />

      {state.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          {t('credits.loading')}
        </p>
      ) : state.status === 'error' ? (
        <FormAlert>{t('credits.load_failed')}</FormAlert>
      ) : (
        <>
          <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-label={t('credits.summary_label')}>
            <div>
              <h2 className="text-sm text-ink-muted">{t('credits.balance_label')}</h2>
              <p className="heading text-4xl" data-testid="credit-balance">
                {state.credits.balance}
              </p>
            </div>
            <div>
              <h2 className="text-sm text-ink-muted">{t('credits.price_label')}</h2>
              <p className="text-lg">
                {t('credits.message_cost', {
                  credits: state.credits.message_cost.credits,
                  money: formatMoney(state.credits.message_cost.costs, state.credits.message_cost.currency, regional),
                })}
              </p>
            </div>
          </section>

          <section className="space-y-2" aria-labelledby="credits-ledger-title">
            <h2 id="credits-ledger-title" className="heading text-2xl">
              {t('credits.ledger_title')}
            </h2>
            {state.credits.ledger.length === 0 ? (
              <p className="credits-ledger-empty text-ink-muted">{t('credits.ledger_empty')}</p>
            ) : (
              <table className="w-full text-start">
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t('credits.ledger_date')}</th>
                    <th scope="col">{t('credits.ledger_reason')}</th>
                    <th scope="col">{t('credits.ledger_change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {state.credits.ledger.map((row) => (
                    <tr key={row.id} className="border-b border-line">
                      <td className="py-2 pe-2 text-sm text-ink-muted">
                        <time translate="no" dateTime={row.created_at}>
                          {formatFullTime(row.created_at, regional)}
                        </time>
                      </td>
                      <td className="py-2 pe-2">{t(REASON_KEYS[row.reason])}</td>
                      <td className={`py-2 text-end font-bold ${row.delta < 0 ? 'text-danger' : 'text-success'}`}>
                        {signed.format(row.delta)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
