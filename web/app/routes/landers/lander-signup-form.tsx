import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The form is rendered with the first HTML but its code is not preloaded with the page: the
 * lander paints and hydrates first, and the form becomes live as soon as its chunk arrives
 * (React hydrates the rest and leaves this part as the server sent it until then).
 */
const SignupForm = lazy(() =>
  import('../../features/signup/components/signup-form').then((module) => ({ default: module.SignupForm })),
);

/** Lander layout: the sign-up form on the page, where every "sign up" link of the lander points. */
export function LanderSignupForm() {
  const { t } = useTranslation();
  return (
    <section
      id="signup"
      className="card mx-auto w-full max-w-md scroll-mt-4 px-4 py-6 sm:px-6"
      aria-labelledby="lander-signup-title"
    >
      <h2 id="lander-signup-title" className="heading text-2xl">
        {t('landers.common.form_title')}
      </h2>
      <p className="mt-1 mb-4 text-ink-muted">{t('landers.common.cta_note')}</p>
      <Suspense>
        <SignupForm showTitle={false} />
      </Suspense>
    </section>
  );
}
