import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { ContentDocumentView, type ContentDocument } from '../../../components/content/content-document';
import { Modal } from '../../../components/ui/modal';

export type LegalPage = 'terms' | 'privacy';

export const LEGAL_PATHS: Record<LegalPage, string> = { terms: '/pages/terms', privacy: '/pages/privacy' };

export interface LegalTextModalProps {
  /** The text asked for, and the section to scroll to; null while the modal is closed. */
  shown: { page: LegalPage; section?: string } | null;
  onClose: () => void;
}

/** The full terms or privacy statement in a large modal, from the content page's own server loader. */
export function LegalTextModal({ shown, onClose }: LegalTextModalProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ page: string; document: ContentDocument }>();
  const { load } = fetcher;
  const text = useRef<HTMLDivElement>(null);
  const page = shown?.page ?? null;

  useEffect(() => {
    if (page) void load(LEGAL_PATHS[page]);
  }, [page, load]);

  // The previous text stays in the fetcher while the other one loads: show it only if it is the one asked for.
  const document = page && fetcher.data?.page === page ? fetcher.data.document : null;
  const ready = document !== null && fetcher.state === 'idle';

  const section = shown?.section;
  useEffect(() => {
    if (ready && section) text.current?.querySelector(`[id="${section}"]`)?.scrollIntoView({ block: 'start' });
  }, [ready, section]);

  return (
    <Modal
      open={shown !== null}
      onClose={onClose}
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
  );
}
