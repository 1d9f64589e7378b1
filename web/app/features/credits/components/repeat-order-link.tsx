import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMED_ROUTES } from '../../../route-table';
import { repeatOrderQueryOptions } from '../api/payment-calls';

/** The way to buy the last package again in one step, only where that is possible (asked after the page paints). */
export function RepeatOrderLink() {
  const { t } = useTranslation();
  const offer = useQuery(repeatOrderQueryOptions()).data;
  if (!offer || offer.refusal !== null) return null;
  return (
    <p>
      <Link className="text-link font-bold" to={NAMED_ROUTES['credits-repeat-order']}>
        {t('repeat_order.link')}
      </Link>
    </p>
  );
}
