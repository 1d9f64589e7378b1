import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';

export default function AccountDeleted() {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto max-w-md p-6 text-center" aria-labelledby="deleted-title">
      <h1 id="deleted-title" className="heading text-2xl">
        {t('account_deleted.title')}
      </h1>
      <p className="mt-3">{t('account_deleted.text')}</p>
      <div className="mt-6">
        <ButtonLink to="/" variant="secondary">
          {t('account_deleted.home')}
        </ButtonLink>
      </div>
    </section>
  );
}
