import { useTranslation } from 'react-i18next';

/** A page the staff member's role does not open; the server would refuse its calls anyway. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="console-not-allowed">
      <h1 id="console-not-allowed" className="heading text-2xl">
        {t('console.not_allowed.title')}
      </h1>
      <p className="mt-3">{t('console.not_allowed.body')}</p>
    </section>
  );
}
