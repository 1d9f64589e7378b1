import { RESET_REASON_EMAIL_CHANGE_INCORRECT } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { NewPasswordForm } from '../features/accounts/components/new-password-form';
import { NAMED_ROUTES } from '../route-table';

export function meta() {
  // The link carries a secret; keep it out of other sites' referrer logs.
  return [{ name: 'referrer', content: 'no-referrer' }];
}

export default function ResetPasswordDo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  return (
    <section className="card mx-auto max-w-md p-6" aria-labelledby="reset-title">
      <h1 id="reset-title" className="heading text-2xl">
        {t('reset.do_title')}
      </h1>
      {/* Opened by the undo link of an e-mail change the member did not make. */}
      {params.get('reason') === RESET_REASON_EMAIL_CHANGE_INCORRECT ? (
        <p role="status" className="form-notice mt-4">
          {t('reset.email_change_undone')}
        </p>
      ) : null}
      <div className="mt-5">
        <NewPasswordForm
          token={params.get('token') ?? ''}
          onDone={async () => {
            await navigate(NAMED_ROUTES.members, { replace: true });
            await revalidate();
          }}
        />
      </div>
    </section>
  );
}
