import { useTranslation } from 'react-i18next';
import { ResetRequestForm } from '../features/accounts/components/reset-request-form';

export default function ResetPassword() {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto max-w-md p-6" aria-labelledby="reset-title">
      <h1 id="reset-title" className="heading text-2xl">
        {t('reset.title')}
      </h1>
      <p className="mt-3">{t('reset.intro')}</p>
      <div className="mt-5">
        <ResetRequestForm />
      </div>
    </section>
  );
}
