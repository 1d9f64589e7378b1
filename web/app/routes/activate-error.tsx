import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';

/** Where an expired, used or unknown activation link lands. */
export default function ActivateError() {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  return (
    <section className="card mx-auto max-w-md p-6 text-center" aria-labelledby="activate-title">
      <h1 id="activate-title" className="heading text-2xl">
        {t('activate.error_title')}
      </h1>
      <p className="mt-3">{t('activate.error_text', { email: settings.support_email })}</p>
      <div className="mt-6">
        <ButtonLink to={user ? NAMED_ROUTES.members : NAMED_ROUTES.login} variant="secondary">
          {user ? t('activate.to_members') : t('login.submit')}
        </ButtonLink>
      </div>
    </section>
  );
}
