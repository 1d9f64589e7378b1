import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatMoney } from '../../../lib/format-money';
import { useCredits } from '../hooks/use-credits';

/**
 * Under the composer: what one message costs, in credits and in the currency of the member's
 * country (spec §9; the server falls back to the geoip country), and the balance left.
 * `balance` is the balance the last send answered with; it refreshes the line.
 */
export function MessageCostNote({ balance }: { balance?: number | null }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const state = useCredits(balance);
  if (state.status !== 'ready') return null;
  const { message_cost: cost } = state.credits;
  return (
    <p className="message-cost">
      {t('credits.message_cost', {
        credits: cost.credits,
        money: formatMoney(cost.costs, cost.currency, regional),
      })}{' '}
      <Link to="/credits" className="text-link">
        {t('credits.balance_short', { balance: balance ?? state.credits.balance })}
      </Link>
    </p>
  );
}
