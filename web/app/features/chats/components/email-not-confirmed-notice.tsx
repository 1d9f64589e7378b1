import { useTranslation } from 'react-i18next';
import { useResend } from '../../../components/shell/use-resend';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';

export interface EmailNotConfirmedNoticeProps {
  /** Sends the activation mail again (composed by the route); a rejection makes the button available again. */
  onResend?: () => Promise<void>;
}

/** Shown when a message was refused because the member's address is not confirmed (403 email_not_confirmed). */
export function EmailNotConfirmedNotice({ onResend }: EmailNotConfirmedNoticeProps) {
  const { t } = useTranslation();
  const { state, resend } = useResend(onResend);

  return (
    <div className="mt-2 space-y-2">
      <FormAlert>{t('chats.email_not_confirmed')}</FormAlert>
      {onResend ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" loading={state === 'sending'} onClick={() => void resend()}>
            {t('activate_reminder.resend')}
          </Button>
          <p className="font-semibold text-success" role="status">
            {state === 'sent' ? t('activate_reminder.resent') : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}
