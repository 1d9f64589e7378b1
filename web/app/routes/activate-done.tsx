import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';

/** Where the activation link lands once the address is confirmed. */
export default function ActivateDone() {
  const { t } = useTranslation();
  const { user } = useWebContext();
  return (
    <section className="card mx-auto max-w-md p-6 text-center" aria-labelledby="activate-title">
      <h1 id="activate-title" className="heading text-2xl">
        {t('activate.done_title')}
      </h1>
      <p className="mt-3">{t('activate.done_text')}</p>
      <div className="mt-6">
        {user ? (
          <ButtonLink to={NAMED_ROUTES.members}>{t('activate.to_members')}</ButtonLink>
        ) : (
          <ButtonLink to={NAMED_ROUTES.login}>{t('login.submit')}</ButtonLink>
        )}
      </div>
    </section>
  );
}
