import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_CHANGE_INCORRECT_ID } from './notifications-list';

/**
 * What happened when the member undid an e-mail change from the notice to the old address, and
 * what to do now (spec §2 /notifications#email-change-incorrect).
 */
export function EmailChangeIncorrectCard({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation();
  return (
    <section
      id={EMAIL_CHANGE_INCORRECT_ID}
      tabIndex={-1}
      className="card scroll-mt-20 space-y-3 p-4 sm:p-5"
      aria-labelledby={`${EMAIL_CHANGE_INCORRECT_ID}-title`}
    >
      <h2 id={`${EMAIL_CHANGE_INCORRECT_ID}-title`} className="heading text-xl">
        {t('notifications.email_change_title')}
      </h2>
      <p>{t('notifications.email_change_text')}</p>
      <p>{t('notifications.email_change_advice')}</p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link className="btn btn-md btn-primary" to="/profile#profile-account">
            {t('notifications.change_password')}
          </Link>
        </li>
        <li>
          <a className="btn btn-md btn-secondary" href={`mailto:${supportEmail}`}>
            {t('notifications.contact_support')}
          </a>
        </li>
      </ul>
    </section>
  );
}
