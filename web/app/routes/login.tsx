import { useTranslation } from 'react-i18next';
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { LoginForm } from '../features/accounts/components/login-form';
import { safeRedirectTarget } from '../features/accounts/safe-redirect';
import { webContextFor } from '../lib/logged-out';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/login';

export function loader({ context, request }: Route.LoaderArgs) {
  // A member who is already in goes where logging in would take them.
  if (webContextFor(request, context.web).user) throw redirect(NAMED_ROUTES.members);
  return null;
}

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get('redirect'), NAMED_ROUTES.members);

  return (
    <section className="card mx-auto max-w-md p-6" aria-labelledby="login-title">
      <h1 id="login-title" className="heading text-2xl">
        {t('login.title')}
      </h1>
      <div className="mt-5">
        <LoginForm
          onLoggedIn={async () => {
            await navigate(target, { replace: true });
            await revalidate();
          }}
        />
      </div>
      <p className="mt-6 text-center">
        {t('login.no_account')}{' '}
        <Link className="font-semibold underline" to="/signup">
          {t('login.signup')}
        </Link>
      </p>
    </section>
  );
}
