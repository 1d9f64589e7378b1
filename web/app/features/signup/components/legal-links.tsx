import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { ContentDocumentView, type ContentDocument } from '../../../components/content/content-document';
import { Modal } from '../../../components/ui/modal';
import { useWebContext } from '../../../lib/use-web-context';

type Page = 'terms' | 'privacy';
/** The terms' section on fictional profiles, which the consent line links to on its own. */
const FICTIONAL_SECTION = 'fictional-profiles';

const PATHS: Record<Page, string> = { terms: '/pages/terms', privacy: '/pages/privacy' };

/**
 * "By signing up you agree to the terms (fictional profiles included) and the privacy statement",
 * each link opening the full text in a large modal (spec §2) so the form stays filled in. The text
 * comes from the page's own server loader; the links still work as plain links.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const [open, setOpen] = useState<{ page: Page; section?: string } | null>(null);
  const fetcher = useFetcher<{ page: string; document: ContentDocument }>();
  const { load } = fetcher;
  const text = useRef<HTMLDivElement>(null);
  const page = open?.page ?? null;

  useEffect(() => {
    if (page) void load(PATHS[page]);
  }, [page, load]);

  const opener = (page: Page, section?: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys) is left to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(section ? { page, section } : { page });
  };

  // The previous text stays in the fetcher while the other one loads: show it only if it is the one asked for.
  const document = page && fetcher.data?.page === page ? fetcher.data.document : null;
  const ready = document !== null && fetcher.state === 'idle';

  const section = open?.section;
  useEffect(() => {
    if (ready && section) text.current?.querySelector(`[id="${section}"]`)?.scrollIntoView({ block: 'start' });
  }, [ready, section]);

  return (
    <>
      <p className="text-[0.9375rem] text-ink-muted">
        <Trans
          i18nKey="signup.legal_agree"
          values={{ plural: settings.fictional_plural }}
          components={{
            terms: <Link className="text-link" to={PATHS.terms} onClick={opener('terms')} />,
            fictional: (
              <Link
                className="text-link"
                to={`${PATHS.terms}#${FICTIONAL_SECTION}`}
                onClick={opener('terms', FICTIONAL_SECTION)}
              />
            ),
            privacy: <Link className="text-link" to={PATHS.privacy} onClick={opener('privacy')} />,
          }}
        />
      </p>
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={ready ? <span data-content-text>{document.title}</span> : t(`signup.${page ?? 'terms'}_title`)}
      >
        {ready ? (
          <div ref={text}>
            <ContentDocumentView document={document} inModal titleAs="none" />
          </div>
        ) : (
          <p role="status" className="flex items-center gap-3 text-ink-muted">
            <span className="spinner" aria-hidden="true" />
            {t('content.loading')}
          </p>
        )}
      </Modal>
    </>
  );
}
