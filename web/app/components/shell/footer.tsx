import { countryCodeOf } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebContext } from '../../lib/use-web-context';
import { useCountryNames } from '../profile-fields/country-names';

const FOOTER_LINKS = [
  { to: '/pages/terms', key: 'footer.terms' },
  { to: '/pages/privacy', key: 'footer.privacy' },
  { to: '/pages/cookies', key: 'footer.cookies' },
  { to: '/pages/faq', key: 'footer.faq' },
  { to: '/pages/service', key: 'footer.service' },
  { to: '/complaints', key: 'footer.complaints' },
  // §312k BGB: a contract concluded online can be ended from a link on every page.
  { to: '/cancel-contract', key: 'footer.cancel_contract' },
] as const;

/** Legal links and the company behind the site, as the terms and privacy pages name it. */
export function Footer() {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const countryName = useCountryNames();
  if (!settings.template.features.footer) return null;

  // A country we recognise ("NL", "Netherlands") reads in the page's language; anything else as written.
  const countryCode = countryCodeOf(settings.company_country);
  const company = [
    settings.company_name,
    settings.company_address,
    settings.company_city,
    countryCode ? countryName(countryCode) : settings.company_country,
  ].filter(Boolean);

  return (
    <footer className="site-footer mt-auto">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <nav aria-label={t('footer.label')}>
          <ul className="grid gap-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-[0.9375rem]">
          <address className="not-italic">
            {company.map((line) => (
              <span key={line} className="block" translate="no">
                {line}
              </span>
            ))}
            {settings.company_kvk ? (
              <span className="block">{t('footer.kvk', { kvk: settings.company_kvk })}</span>
            ) : null}
          </address>
          <p className="mt-4">{t('footer.copyright', { year: new Date().getFullYear(), site: settings.name })}</p>
        </div>
      </div>
    </footer>
  );
}
