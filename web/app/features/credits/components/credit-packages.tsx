import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { NAMED_ROUTES } from '../../../route-table';
import { creditPackagesQueryOptions, welcomeDiscountQueryOptions } from '../api/payment-calls';
import { creditsSearch } from '../return-to';
import { PackageCard } from './package-card';
import { PaymentCountryField } from './payment-country-field';
import { RepeatOrderLink } from './repeat-order-link';
import { TimeBonus } from './time-bonus';

export interface CreditPackagesProps {
  /** The payment country the member picked here; null lets the server choose. */
  country: string | null;
  onCountryChange: (country: string) => void;
  /** Where to go back to after paying, passed on to the checkout. */
  returnTo: string | null;
  /** A discount code to carry to the checkout (the delete offer's link brings one). */
  discountCode?: string | null;
  /** Shown when the site sells no credits, for a question about buying. */
  supportEmail: string;
}

/** The packages for sale, priced for the member's payment country, each leading to its checkout. */
export function CreditPackages({
  country,
  onCountryChange,
  returnTo,
  discountCode = null,
  supportEmail,
}: CreditPackagesProps) {
  const { t } = useTranslation();
  const query = useQuery(creditPackagesQueryOptions(country));
  const welcome = useQuery(welcomeDiscountQueryOptions()).data;

  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('credits.packages_loading')}
      </p>
    );
  }
  if (query.isError) return <FormAlert>{t('credits.packages_failed')}</FormAlert>;

  const offer = query.data;
  if (offer.packages.length === 0) {
    return (
      <section className="form-notice space-y-1" aria-labelledby="credits-buy-title">
        <h2 id="credits-buy-title" className="font-bold">
          {t('credits.buy_title')}
        </h2>
        <p>
          {t('credits.buy_unavailable')}{' '}
          <a className="text-link break-all" href={`mailto:${supportEmail}`} translate="no">
            {supportEmail}
          </a>
        </p>
      </section>
    );
  }

  // A picked country stays picked on the way to the checkout; the server's own choice need not be repeated.
  const search = creditsSearch({ country, returnTo, discountCode });
  return (
    <section className="space-y-3" aria-labelledby="credits-buy-title">
      <h2 id="credits-buy-title" className="heading text-2xl">
        {t('credits.buy_title')}
      </h2>
      <RepeatOrderLink />
      {welcome ? <TimeBonus code={welcome} /> : null}
      <PaymentCountryField countries={offer.countries} value={offer.country} onChange={onCountryChange} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {offer.packages.map((item) => (
          <li key={item.id}>
            <PackageCard item={item} to={`${NAMED_ROUTES['credits-creditId-paymentMethod'](item.id)}${search}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
