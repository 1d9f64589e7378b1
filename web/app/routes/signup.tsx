import { useTranslation } from 'react-i18next';
import { SignupForm } from '../features/signup/components/signup-form';

/** Spec §2 /signup (public): the sign-up form; a member who returns continues where they left off. */
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
