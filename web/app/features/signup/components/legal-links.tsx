import { useState, type MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';

type Page = 'terms' | 'privacy';

const PATHS: Record<Page, string> = { terms: '/pages/terms', privacy: '/pages/privacy' };

/**
 * "By signing up you agree to the terms and the privacy statement", each link opening the text in
 * a large modal (spec §2) so the form stays filled in. The links still work as plain links.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Page | null>(null);

  const opener = (page: Page) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys) is left to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(page);
  };

  return (
    <>
      <p className="text-[0.9375rem] text-ink-muted">
        <Trans
          i18nKey="signup.legal_agree"
          components={{
            terms: <Link className="text-link" to={PATHS.terms} onClick={opener('terms')} />,
            privacy: <Link className="text-link" to={PATHS.privacy} onClick={opener('privacy')} />,
          }}
        />
      </p>
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={open === 'privacy' ? t('signup.privacy_title') : t('signup.terms_title')}
      >
        <p>{open === 'privacy' ? t('signup.privacy_summary') : t('signup.terms_summary')}</p>
        <p className="mt-4">
          <Link className="text-link" to={open === 'privacy' ? PATHS.privacy : PATHS.terms} target="_blank">
            {open === 'privacy' ? t('signup.privacy_read_all') : t('signup.terms_read_all')}
          </Link>
        </p>
      </Modal>
    </>
  );
}
