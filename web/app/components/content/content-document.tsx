import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface ContentTocEntry {
  id: string;
  title: string;
}

/** A content page as its route loader renders it on the server: plain data, the HTML already escaped. */
export interface ContentDocument {
  /** The language the text is in (English for a language without its own text). */
  locale: string;
  /** The language the page was asked for, so a change of language can ask again. */
  requestedLocale: string;
  title: string;
  toc: ContentTocEntry[];
  html: string;
}

export interface ContentDocumentViewProps {
  document: ContentDocument;
  /**
   * Inside a modal the table of contents scrolls the modal instead of changing the address, so
   * the page underneath (a half-filled sign-up form) keeps its URL and history.
   */
  inModal?: boolean;
  /** The page's own heading level: a page has the h1; a modal's title is its h2 already. */
  titleAs?: 'h1' | 'none';
}

// The Markdown's elements, styled here because the HTML comes from the server as one string.
const TEXT_CLASSES = [
  'content-text space-y-4 leading-relaxed break-words [&_section>*+*]:mt-3',
  // The heading font of the site's template, as `.heading` sets it for the page's own headings.
  '[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:leading-tight [&_h2]:font-(family-name:--rv-font-heading)',
  '[&_h2]:font-(--rv-heading-weight) [&_h2]:tracking-(--rv-heading-tracking) [&_h2]:text-(--rv-ink) sm:[&_h2]:text-2xl',
  // Headings take the focus only so the table of contents can move it there; they are not controls.
  '[&_h2]:outline-none [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6',
  // `.text-link`'s look, which a class cannot lend to the links inside server-rendered HTML.
  '[&_a]:text-(--rv-brand) [&_a]:underline [&_a]:underline-offset-[0.2em] [&_a:hover]:text-(--rv-brand-strong)',
  '[&_strong]:font-semibold [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-4',
  '[&_table]:w-full [&_table]:text-sm [&_td]:border-t [&_td]:border-line [&_td]:py-2 [&_td]:pe-3 [&_td]:align-top',
  // Cookie and storage names are long single words; on a phone they break rather than widen the page.
  '[&_td:first-child]:[overflow-wrap:anywhere] [&_th]:pe-3 [&_th]:text-start [&_th]:font-semibold',
].join(' ');

/**
 * A legal or help text: its title, a table of contents linking each section's anchor, and the
 * text. The words are content from the site's Markdown, not interface strings; `data-content-text`
 * marks them so the pseudo-locale check (which finds strings that bypassed translation) skips them.
 */
export function ContentDocumentView({ document, inModal = false, titleAs = 'h1' }: ContentDocumentViewProps) {
  const { t } = useTranslation();

  const followInModal = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!inModal) return;
    event.preventDefault();
    const target = event.currentTarget.closest('dialog')?.querySelector(`[id="${CSS.escape(id)}"]`);
    if (target instanceof HTMLElement) {
      target.scrollIntoView({ block: 'start' });
      // Keyboard users continue reading where the link took them.
      target.focus({ preventScroll: true });
    }
  };

  return (
    <article className="content-page" lang={document.locale === document.requestedLocale ? undefined : document.locale}>
      {titleAs === 'h1' ? (
        <h1 className="heading text-2xl sm:text-3xl" data-content-text>
          {document.title}
        </h1>
      ) : null}
      {document.toc.length > 0 ? (
        <nav className="card mt-5 p-4" aria-label={t('content.toc')}>
          <p className="font-semibold">{t('content.toc')}</p>
          <ol className="mt-2 list-decimal ps-6" data-content-text>
            {document.toc.map((entry) => (
              <li key={entry.id}>
                <a
                  className="text-link inline-flex min-h-8 items-center"
                  href={`#${entry.id}`}
                  onClick={(event) => followInModal(event, entry.id)}
                >
                  {entry.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div
        className={`mt-6 ${TEXT_CLASSES}`}
        data-content-text
        // Rendered on the server from our own Markdown, every setting in it HTML-escaped there.
        dangerouslySetInnerHTML={{ __html: document.html }}
      />
    </article>
  );
}
