import { useTranslation } from 'react-i18next';
import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { SignupForm } from '../features/signup/components/signup-form';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/signup';

/**
 * A member who opens /signup has signed up already: the members area, never a new sign-up's
 * steps. /complete-signup (the same page) is where a member picks up their unanswered steps.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (context.web.user && pathname !== NAMED_ROUTES['complete-signup']) throw redirect(NAMED_ROUTES.members);
  return null;
}

/** The new member stays on this page through the steps that follow the account, so the login it makes moves nothing. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
}

/** Spec §2 /signup and /complete-signup (public): the sign-up form; at the latter a member continues where they left off. */
export default function Signup() {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto w-full max-w-md px-4 py-6 sm:px-6" aria-labelledby="signup-page-title">
      <h1 id="signup-page-title" className="sr-only">
        {t('signup.page_title')}
      </h1>
      <SignupForm />
    </section>
  );
}
