import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { useResend } from './use-resend';

export interface ActivateReminderProps {
  /** The address the confirmation mail went to. */
  email: string;
  /**
   * Sends the confirmation mail again; shows the button when given. A returned promise keeps
   * the button busy until it settles. Report failures yourself (e.g. a toast): a rejection
   * only makes the button available again.
   */
  onResend?: () => void | Promise<void>;
}

/** Asks a member who has not confirmed the e-mail address yet to do so (spec §2 step 7). */
export function ActivateReminder({ email, onResend }: ActivateReminderProps) {
  const { t } = useTranslation();
  const { state, resend } = useResend(onResend);
  const titleId = useId();

  return (
    <section
      className="reminder flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5"
      aria-labelledby={titleId}
    >
      <svg className="hidden size-10 shrink-0 text-brand sm:block" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" stroke="currentColor" strokeWidth="1.75" />
        <path d="M3.5 6.5l8.5 6.5 8.5-6.5" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
      </svg>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="heading text-lg">
          {t('activate_reminder.title')}
        </h2>
        <p className="mt-1">{t('activate_reminder.sent_to')}</p>
        {/* Long addresses wrap anywhere rather than widen a 360 px screen. */}
        <p className="font-bold break-all">{email}</p>
        <p className="mt-1 text-[0.9375rem]">{t('activate_reminder.instructions')}</p>
        <p className="font-semibold text-success" role="status">
          {state === 'sent' ? t('activate_reminder.resent') : null}
        </p>
      </div>
      {onResend ? (
        <Button variant="secondary" loading={state === 'sending'} onClick={() => void resend()} className="shrink-0">
          {t('activate_reminder.resend')}
        </Button>
      ) : null}
    </section>
  );
}
