import { lazy, Suspense, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { ContentDocumentView } from '../components/content/content-document';
import { contentPageOfPath } from '../features/content/content-pages';
import { renderContentPage } from '../features/content/content.server';
import { withWholeCatalogue } from '../lib/catalogue-loader';
import { useLocale } from '../lib/locale';
import { notFoundResponse } from '../lib/server-record';
import { useWebContext } from '../lib/use-web-context';
import type { Route } from './+types/content-page';

// Only the service page has a form, so the form library loads with that page and not with the terms.
const ContactForm = lazy(
  withWholeCatalogue(() =>
    import('../features/content/components/contact-form').then((module) => ({ default: module.ContactForm })),
  ),
);

/** The service page's section that the contact form belongs to (and is titled by). */
const CONTACT_SECTION = 'contact-form';

/**
 * Spec §2 content pages, rendered on the server only: no client loader, so the Markdown and its
 * renderer never ship to the browser; a later navigation or the sign-up modal fetches this
 * loader's data (title, contents, HTML) from the server.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = contentPageOfPath(new URL(request.url).pathname);
  if (!page) throw notFoundResponse();
  return { page, document: renderContentPage(page, context.web.locale, context.web.settings) };
}

/** The text comes in the language the server read from the cookie: a change of language asks again. */
function useTextInCurrentLanguage(requested: string) {
  const { locale } = useLocale();
  const { revalidate } = useRevalidator();
  const asked = useRef(requested);
  useEffect(() => {
    if (locale === asked.current) return;
    asked.current = locale;
    void revalidate();
  }, [locale, revalidate]);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, document } = loaderData;
  const { user } = useWebContext();
  useTextInCurrentLanguage(document.requestedLocale);
  return (
    <div className={`content-${page} mx-auto max-w-3xl`}>
      <ContentDocumentView document={document} />
      {page === 'service' ? (
        <Suspense fallback={null}>
          <ContactForm member={Boolean(user)} labelledBy={CONTACT_SECTION} />
        </Suspense>
      ) : null}
    </div>
  );
}
