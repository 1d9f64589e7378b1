import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { Button } from '../components/ui/button';
import { DeleteAccountDialog } from '../features/accounts/components/delete-account-dialog';
import { useWebContext } from '../lib/use-web-context';

/**
 * The member's own page. Account matters live here now; editing photos and every
 * profile field arrives with the members issue.
 */
export default function Profile() {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="heading text-3xl">{t('profile.title')}</h1>
      <section className="card space-y-3 p-5" aria-labelledby="profile-account">
        <h2 id="profile-account" className="heading text-xl">
          {t('profile.account_title')}
        </h2>
        <p>
          {t('profile.email_label')} <strong translate="no">{user.email}</strong>
        </p>
        <p>
          <Link className="text-link" to="/complete-signup">
            {t('profile.complete_link')}
          </Link>
        </p>
      </section>
      <section className="card space-y-3 p-5" aria-labelledby="profile-delete">
        <h2 id="profile-delete" className="heading text-xl">
          {t('profile.delete_title')}
        </h2>
        <p>{t('profile.delete_intro')}</p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('profile.delete_button')}
        </Button>
      </section>
      {deleting ? (
        <DeleteAccountDialog
          open
          discount={settings.delete_discount}
          onClose={() => setDeleting(false)}
          onDeleted={async () => {
            await navigate('/account-deleted', { replace: true });
            await revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
