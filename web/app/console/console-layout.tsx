import { useTranslation } from 'react-i18next';
import { Outlet, isRouteErrorResponse } from 'react-router';
import { Button } from '../components/ui/button';
import { ReconfirmProvider } from './components/reconfirm';
import { useConsoleSessionWatch } from './lib/use-console-session-watch';
import type { Route } from './+types/console-layout';

/**
 * The operator console's layout (/console/*): rendered in the browser only. The server sends
 * the loading state; a console page holds nothing a crawler or a first paint should have.
 */
export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-6 text-ink-muted">
      {t('console.loading')}
    </p>
  );
}

export default function ConsoleLayout() {
  useConsoleSessionWatch();
  return (
    <ReconfirmProvider>
      <Outlet />
    </ReconfirmProvider>
  );
}

/** Kept inside the console: the member site's error page (and its sign-up form) is not for staff. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  console.error('Console error', isRouteErrorResponse(error) ? error.status : error);
  return (
    <section className="mx-auto max-w-lg p-6" aria-labelledby="console-error-title">
      <h1 id="console-error-title" className="heading text-2xl">
        {t('console.error.title')}
      </h1>
      <p className="mt-3">{t('console.error.body')}</p>
      <Button className="mt-5" onClick={() => window.location.reload()}>
        {t('console.error.reload')}
      </Button>
    </section>
  );
}
