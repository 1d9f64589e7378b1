import { DISCOUNT_CODE_PARAM } from '@rendezvous/contract';
import { useSearchParams } from 'react-router';
import { CreditsOverview } from '../features/credits/components/credits-overview';
import { COUNTRY_PARAM, RETURN_TO_PARAM, safeReturnTo } from '../features/credits/return-to';
import { useWebContext } from '../lib/use-web-context';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Spec §2 /credits: the packages, the balance, what a message costs, the ledger. */
export default function Credits() {
  const [params, setParams] = useSearchParams();
  const { settings } = useWebContext();
  return (
    <CreditsOverview
      insufficient={params.get('reason') === 'insufficient'}
      returnTo={safeReturnTo(params.get(RETURN_TO_PARAM))}
      country={params.get(COUNTRY_PARAM)}
      discountCode={params.get(DISCOUNT_CODE_PARAM)}
      onCountryChange={(country) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set(COUNTRY_PARAM, country);
            return next;
          },
          { replace: true, preventScrollReset: true },
        )
      }
      supportEmail={settings.support_email}
    />
  );
}
