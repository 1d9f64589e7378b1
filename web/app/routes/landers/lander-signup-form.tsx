import { useTranslation } from 'react-i18next';
import { SignupForm } from '../../features/signup/components/signup-form';

/*
 * The form comes with the page, not lazily: React streams a suspended part after the rest and
 * reveals it a moment later, which pushed the note and footer down after the first paint.
 */

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
      <SignupForm showTitle={false} />
    </section>
  );
}
