import type { CreditPackage } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { buttonClassName } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { NAMED_ROUTES } from '../../../route-table';
import { creditPackagesQueryOptions, welcomeDiscountQueryOptions } from '../api/payment-calls';
import { formatMinorUnits } from '../format-money';
import { creditsSearch } from '../return-to';
import { PaymentCountryField } from './payment-country-field';
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

function PackageCard({ item, to }: { item: CreditPackage; to: string }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return (
    <Link to={to} className="card flex h-full flex-col gap-1 p-4 no-underline hover:border-brand">
      <span className="heading text-2xl">{t('credits.package_credits', { credits: item.credits })}</span>
      {item.bonus_credits > 0 ? (
        <span className="font-bold text-success">{t('credits.package_bonus', { credits: item.bonus_credits })}</span>
      ) : null}
      <span className="text-xl font-bold">{formatMinorUnits(item.price, regional)}</span>
      <span className="text-sm text-ink-muted">
        {t('credits.package_per_message', { money: formatMinorUnits(item.per_message, regional) })}
      </span>
      {/* The whole card is the link; this only shows a thumb where to tap. */}
      <span className="mt-auto pt-2">
        <span className={buttonClassName({ size: 'sm' })}>{t('credits.package_choose')}</span>
      </span>
    </Link>
  );
}
