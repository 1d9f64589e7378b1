import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlockDialog } from './block-dialog';
import { withWholeCatalogue } from '../../../lib/catalogue-loader';

export interface SafetyMenuProps {
  profile: { id: number; name: string };
  conversationId?: number;
  /** After a block: the route decides where to go (the chat list, the search). */
  onBlocked: () => void;
}

/**
 * The public complaint form about this member (and conversation), for a formal notice to the
 * operator (DSA Art. 16) rather than the quick in-app report.
 */
function complaintFormPath(profileId: number, conversationId?: number): string {
  const query = new URLSearchParams({ subject: conversationId === undefined ? 'profile' : 'message' });
  query.set('member', String(profileId));
  if (conversationId !== undefined) query.set('conversation', String(conversationId));
  return `/complaints?${query.toString()}`;
}

// The report form brings the form library with it: it loads when first asked for, not with every profile.
const ReportDialog = lazy(
  withWholeCatalogue(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog }))),
);

/**
 * "More actions" for another member: block, report, or the complaint form. A disclosure rather
 * than an ARIA menu: Tab reaches every item, and Escape or a click elsewhere closes it.
 */
export function SafetyMenu({ profile, conversationId, onBlocked }: SafetyMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [reportAsked, setReportAsked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector('button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const choose = (next: 'block' | 'report') => {
    setOpen(false);
    setDialog(next);
    if (next === 'report') setReportAsked(true);
  };
  const closeDialog = () => {
    setDialog(null);
    // The item that opened the dialog is gone with the menu: focus goes back to the menu button.
    trigger.current?.focus();
  };

  return (
    <div className="safety-menu relative">
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost btn-sm px-2"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('safety.actions', { name: profile.name })}
        onClick={() => setOpen((value) => !value)}
      >
        <svg className="size-6" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label={t('safety.actions', { name: profile.name })}
          className="card absolute end-0 top-full z-30 mt-1 flex w-56 max-w-[calc(100vw-1rem)] flex-col p-1 shadow-lg"
        >
          <button
            type="button"
            className="btn btn-ghost btn-sm justify-start"
            aria-haspopup="dialog"
            onClick={() => choose('block')}
          >
            {t('safety.block', { name: profile.name })}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm justify-start"
            aria-haspopup="dialog"
            onClick={() => choose('report')}
          >
            {t('safety.report', { name: profile.name })}
          </button>
          <Link
            className="btn btn-ghost btn-sm justify-start text-start"
            to={complaintFormPath(profile.id, conversationId)}
            onClick={() => setOpen(false)}
          >
            {t('complaints.menu_link', { name: profile.name })}
          </Link>
        </div>
      ) : null}
      <BlockDialog
        open={dialog === 'block'}
        onClose={closeDialog}
        profile={profile}
        onBlocked={() => {
          setDialog(null);
          onBlocked();
        }}
      />
      {reportAsked ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={dialog === 'report'}
            onClose={closeDialog}
            profile={profile}
            conversationId={conversationId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
