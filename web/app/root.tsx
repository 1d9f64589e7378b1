import './lib/zod-jitless';
import { APP_MANIFEST_PATH, APPLE_TOUCH_ICON_PATH, REGIONAL_CODES, TEMPLATE_APP_COLOURS } from '@rendezvous/contract';
import { lazy, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { ErrorPage } from './components/shell/error-page';
import { OfflineBanner } from './components/shell/offline-banner';
import { UpdatePrompt } from './components/shell/update-prompt';
import { AccountTopNav } from './features/accounts/components/account-top-nav';
import { BadgeProvider } from './features/badge/components/badge-provider';
import { useOfflineChats } from './features/chats/hooks/use-offline-chats';
import { useTrafficSourceCapture } from './features/signup/lib/traffic-source';
import { PageLoadingIndicator } from './components/ui/page-loading-indicator';
import { ToastProvider } from './components/ui/toast';
import { reloadIfChunkIsGone } from './lib/chunk-reload';
import { hasNamespaces, loadWholeCatalogue, registerPageCatalogue, withWholeCatalogue } from './lib/catalogue-loader';
import { namespacesForRoute } from './lib/catalogue-namespaces';
import { regionalCodeOf } from './lib/country-display-names';
import { adoptDatePatterns } from './lib/dates';
import { announceHydrated } from './lib/hydration-events';
import { createI18n } from './lib/i18n';
import { LiveEventsProvider } from './lib/live-events';
import { LocaleProvider } from './lib/locale';
import { webContextFor } from './lib/logged-out';
import { catalogueOptions, pageCatalogueEntries, pageWebContext } from './lib/page-web-context';
import { QueryProvider } from './lib/query-provider';
import { useHydrated } from './lib/use-hydrated';
import { usePageTitle } from './lib/use-page-title';
import { useOptionalWebContext, useWebContext, useWebContextScriptText } from './lib/use-web-context';
import { whenIdle } from './lib/when-idle';
import {
  packWebContext,
  WEB_CONTEXT_ELEMENT_ID,
  WEB_CONTEXT_IN_PAGE,
  type PackedWebContext,
  type PageWebContext,
} from './lib/web-context';
import { layoutId, routeNameFromId } from './route-table';
import type { Route } from './+types/root';
import './styles/app.css';

export function loader({ context, request }: Route.LoaderArgs): PackedWebContext {
  const page = pageWebContext(new URL(request.url).pathname, webContextFor(request, context.web));
  if (!context.inPage) return packWebContext(page);
  context.inPage.web = page;
  return WEB_CONTEXT_IN_PAGE;
}

/** Spec §2: the root element carries the template, the route name (home is `index`) and `logged-in`. */
function useRootClasses(web: PageWebContext | undefined): string {
  const matches = useMatches();
  const leaf = matches.at(-1);
  const routeName = leaf ? routeNameFromId(leaf.id) : 'error';
  return [
    web?.settings.template.name ?? 'classic',
    routeName === 'root' ? 'error' : routeName,
    web?.user ? 'logged-in' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Layout({ children }: { children: ReactNode }) {
  const web = useOptionalWebContext();
  const webScript = useWebContextScriptText();
  const classes = useRootClasses(web);
  const { pathname } = useLocation();
  const leaf = useMatches().at(-1);
  const [i18n] = useState(() => {
    if (!web) return undefined;
    if (web.date_patterns) adoptDatePatterns(regionalCodeOf(web.locale), web.date_patterns);
    const instance = createI18n(web.locale, web.i18n.messages);
    registerPageCatalogue(instance, web.i18n.hash, pageCatalogueEntries(pathname, web, leaf?.id));
    return instance;
  });
  const lang = web && web.locale !== 'pseudo' ? REGIONAL_CODES[web.locale] : 'en-US';
  // Its first effect runs once the page has hydrated.
  useEffect(announceHydrated, []);

  return (
    <html lang={lang} className={classes}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={TEMPLATE_APP_COLOURS[web?.settings.template.name ?? 'classic'].theme} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={APP_MANIFEST_PATH} />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON_PATH} />
        {web ? <title>{web.settings.name}</title> : null}
        {/* Vite's dev client reads this to put the nonce on the styles it injects. */}
        {import.meta.env.DEV && web ? <meta property="csp-nonce" nonce={web.cspNonce.style} /> : null}
        <Meta />
        <Links nonce={web?.cspNonce.style} />
      </head>
      <body>
        {i18n && web ? (
          <I18nextProvider i18n={i18n}>
            <LocaleProvider initial={web}>
              <QueryProvider memberId={web.user?.profile.id ?? null}>
                <LiveEventsProvider loggedIn={Boolean(web.user)}>
                  <ToastProvider>
                    <PageLoadingIndicator />
                    {children}
                  </ToastProvider>
                </LiveEventsProvider>
              </QueryProvider>
            </LocaleProvider>
          </I18nextProvider>
        ) : (
          children
        )}
        {webScript === undefined ? null : (
          <script id={WEB_CONTEXT_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: webScript }} />
        )}
        <ScrollRestoration nonce={web?.cspNonce.script} />
        <Scripts nonce={web?.cspNonce.script} />
      </body>
    </html>
  );
}

// Only the error page shows these, so they load when that page does, with the words they show.
const SignupForm = lazy(
  withWholeCatalogue(() =>
    import('./features/signup/components/signup-form').then((module) => ({ default: module.SignupForm })),
  ),
);
const ErrorPageMembers = lazy(
  withWholeCatalogue(() =>
    import('./features/search/components/error-page-members').then((module) => ({
      default: module.ErrorPageMembers,
    })),
  ),
);

/**
 * The error page's form and members come after hydration: any route may fail, and the first HTML
 * carries only that route's words, so they would render as keys on the server.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * A route the client navigates to waits for its words: its namespaces may not be in the page yet.
 * Navigations render in a transition, so the current page stays until the catalogue is in.
 */
function CatalogueGate({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { settings } = useWebContext();
  const leaf = useMatches().at(-1);
  const { pathname } = useLocation();
  // Not by login: in the browser the sign-up form's later steps wait for the whole catalogue themselves.
  const needed = leaf ? namespacesForRoute(leaf.id, catalogueOptions(pathname, settings)) : [];
  if (!hasNamespaces(i18n, needed)) use(loadWholeCatalogue());
  // Once the page is idle, the rest of the catalogue comes too, so the next page opens at once.
  useEffect(() => {
    let cancel = () => {};
    const start = () => {
      cancel = whenIdle(() => void loadWholeCatalogue());
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancel();
    };
  }, []);
  return children;
}

/** Spec §2/§8: fatal and unhandled errors land on the error page, not a blank screen. */
function useFatalErrors(): void {
  const [fatal, setFatal] = useState<unknown>(null);
  useEffect(() => {
    const onError = (event: ErrorEvent) => setFatal(event.error ?? new Error(event.message));
    const onRejection = (event: PromiseRejectionEvent) => setFatal(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  if (fatal) throw fatal instanceof Error ? fatal : new Error(String(fatal));
}

const MemberServices = lazy(() => import('./member-services'));

export default function App() {
  useFatalErrors();
  const { user, settings } = useWebContext();
  usePageTitle(settings.name);
  useOfflineChats(user);
  useTrafficSourceCapture();
  // The chat frame is pinned over the visible screen, so it carries the banner in its own column.
  const pinned = useMatches().some((match) => match.id === layoutId('chat'));
  return (
    <BadgeProvider loggedIn={Boolean(user)}>
      {user ? (
        <Suspense>
          <MemberServices />
        </Suspense>
      ) : null}
      {pinned ? null : <OfflineBanner />}
      <CatalogueGate>
        <Outlet />
      </CatalogueGate>
      <UpdatePrompt />
    </BadgeProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Spec §8: a part of the app that could not load (a deployment replaced it) comes with a reload;
  // within the guard's 10 s the error page stays, so a file missing for good never loops.
  useEffect(() => {
    void reloadIfChunkIsGone(error);
  }, [error]);
  // Spec §2: visitors get the sign-up form without its title and dots.
  return (
    <ErrorPage
      error={error}
      memberHeader={<AccountTopNav />}
      memberList={
        <AfterHydration>
          <Suspense>
            <ErrorPageMembers />
          </Suspense>
        </AfterHydration>
      }
      visitorSignup={
        <AfterHydration>
          <Suspense>
            <SignupForm showTitle={false} showDots={false} />
          </Suspense>
        </AfterHydration>
      }
    />
  );
}
