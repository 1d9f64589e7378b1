import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useWebContext } from '../lib/use-web-context';

const BENEFITS = ['real', 'private', 'local'] as const;

export default function Home() {
  const { t } = useTranslation();
  const { settings, user } = useWebContext();
  const features = settings.template.features;

  return (
    <div className="home">
      <section className="hero card px-5 py-8 sm:px-10 sm:py-12" aria-labelledby="home-title">
        {user ? <p className="mb-2 font-semibold">{t('home.welcome_back', { name: user.profile.name })}</p> : null}
        <h1 id="home-title" className="heading text-3xl sm:text-4xl">
          {t('home.title')}
        </h1>
        <p className="mt-4 max-w-prose text-lg">{t('home.lead', { site: settings.name })}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {user ? (
            features.profile_search ? (
              <ButtonLink to="/members">{t('home.cta_members')}</ButtonLink>
            ) : null
          ) : (
            <>
              {features.signup ? <ButtonLink to="/signup">{t('home.cta_signup')}</ButtonLink> : null}
              <ButtonLink to="/login" variant="secondary">
                {t('home.cta_login')}
              </ButtonLink>
            </>
          )}
        </div>
      </section>
      <section className="mt-8" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="heading text-2xl">
          {t('home.benefits_title')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="card p-5">
              <h3 className="heading text-lg">{t(`home.benefit_${benefit}_title`)}</h3>
              <p className="mt-2">{t(`home.benefit_${benefit}_text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
