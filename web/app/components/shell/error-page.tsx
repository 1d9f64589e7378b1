import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { ButtonLink } from '../ui/button';
import { usePageTitle } from '../../lib/use-page-title';
import { useOptionalWebContext } from '../../lib/use-web-context';
import { Footer } from './footer';

const KNOWN_STATUSES = [400, 403, 404, 500, 503];

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * Spec §2 error page: Error, the status code and its message. Members keep the
 * header and members to go on browsing; visitors are invited to sign up. Bots
 * never get here (entry.server).
 */
export function ErrorPage({
  error,
  memberHeader,
  memberList,
  visitorSignup,
}: {
  error: unknown;
  memberHeader: ReactNode;
  /** Members shown without actions under the error, for a logged-in member. */
  memberList: ReactNode;
  visitorSignup: ReactNode;
}) {
  const { t } = useTranslation();
  const web = useOptionalWebContext();
  const { pathname } = useLocation();
  usePageTitle(web?.settings.name ?? null);
  const status = statusOf(error);
  const message =
    status === 404
      ? t('errors.not_found', { path: pathname })
      : t(KNOWN_STATUSES.includes(status) ? `errors.status_${status}` : 'errors.unexpected');

  if (!web) {
    // The root loader itself failed: no settings, no translations, only the bare facts.
    return (
      <main id="main" className="error-page mx-auto max-w-xl p-6">
        <h1>Error</h1>
        <p className="error-status">{status}</p>
      </main>
    );
  }

  return (
    <div className="layout-default flex min-h-dvh flex-col">
      {web.user ? memberHeader : null}
      <main id="main" className="error-page mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <h1 className="heading text-3xl">{t('errors.title')}</h1>
        <p className="error-status mt-2 text-5xl font-bold" aria-label={`${t('errors.title')} ${status}`}>
          {status}
        </p>
        <p className="error-message mt-4 text-lg">{message}</p>
        {web.user ? (
          <>
            <div className="mt-6">
              <ButtonLink to="/" variant="secondary">
                {t('errors.back_home')}
              </ButtonLink>
            </div>
            {memberList}
          </>
        ) : (
          <section className="card mt-8 p-6" aria-labelledby="error-signup">
            <h2 id="error-signup" className="heading text-2xl">
              {t('errors.signup_for_free')}
            </h2>
            <div className="mt-4">{visitorSignup}</div>
          </section>
        )}
      </main>
      <Footer />
    </div>
  );
}
