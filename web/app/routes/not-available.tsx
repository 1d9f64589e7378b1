import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';

/**
 * Placeholder for routes whose feature comes with a later issue. It says so
 * plainly rather than pretending to work, and asks search engines to skip it.
 */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function NotAvailable() {
  const { t } = useTranslation();
  return (
    <section className="not-available mx-auto max-w-xl py-10 text-center" aria-labelledby="not-available-title">
      <h1 id="not-available-title" className="heading text-2xl">
        {t('not_available.title')}
      </h1>
      <p className="mt-3">{t('not_available.text')}</p>
      <div className="mt-6">
        <ButtonLink to="/" variant="secondary">
          {t('not_available.back_home')}
        </ButtonLink>
      </div>
    </section>
  );
}
