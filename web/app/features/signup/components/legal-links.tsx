import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useWebContext } from '../../../lib/use-web-context';
import type { LegalPage, LegalTextModalProps } from './legal-text-modal';
import { withWholeCatalogue } from '../../../lib/catalogue-loader';

/** The terms' section on fictional profiles, which the consent line links to on its own. */
const FICTIONAL_SECTION = 'fictional-profiles';

const TERMS_PATH = '/pages/terms';
const PRIVACY_PATH = '/pages/privacy';

// The modal and the document renderer load when a link is first opened, not with every lander.
const LegalTextModal = lazy(
  withWholeCatalogue(() => import('./legal-text-modal').then((module) => ({ default: module.LegalTextModal }))),
);

/**
 * "By signing up you agree to the terms (fictional profiles included) and the privacy statement",
 * each link opening the full text in a large modal (spec §2) so the form stays filled in. The text
 * comes from the page's own server loader; the links still work as plain links.
 */
export function LegalLinks() {
  const { settings } = useWebContext();
  const [shown, setShown] = useState<LegalTextModalProps['shown']>(null);
  // Once opened the modal stays mounted, so closing it hands focus back to the link as a dialog does.
  const [opened, setOpened] = useState(false);

  const opener = (page: LegalPage, section?: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys) is left to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setShown(section ? { page, section } : { page });
    setOpened(true);
  };

  return (
    <>
      <p className="text-[0.9375rem] text-ink-muted">
        <Trans
          i18nKey="signup.legal_agree"
          values={{ plural: settings.fictional_plural }}
          components={{
            terms: <Link className="text-link" to={TERMS_PATH} onClick={opener('terms')} />,
            fictional: (
              <Link
                className="text-link"
                to={`${TERMS_PATH}#${FICTIONAL_SECTION}`}
                onClick={opener('terms', FICTIONAL_SECTION)}
              />
            ),
            privacy: <Link className="text-link" to={PRIVACY_PATH} onClick={opener('privacy')} />,
          }}
        />
      </p>
      {opened ? (
        <Suspense fallback={null}>
          <LegalTextModal shown={shown} onClose={() => setShown(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
