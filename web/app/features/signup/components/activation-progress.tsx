import type { User } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useActivationProgress } from '../hooks/use-activation-progress';
import { activationPhase } from '../lib/signup-steps';
import { StepShell } from './step-shell';

/** Spec §2: mailprovider 2 is a webmail whose inbox a link can search (Gmail). */
const SEARCHABLE_WEBMAIL = 2;

export function webmailSearchUrl(siteEmail: string): string {
  return `https://mail.google.com/mail/u/0/#search/from%3A${encodeURIComponent(siteEmail)}`;
}

export interface ActivationProgressProps {
  user: User;
  /** The address the site's mail comes from, for the inbox search. */
  siteEmail: string;
  onContinue: () => void;
}

/** Spec §2: the screen shown while the activation mail goes out, right after the account exists. */
export function ActivationProgress({ user, siteEmail, onContinue }: ActivationProgressProps) {
  const { t } = useTranslation();
  const { count, delivered } = useActivationProgress(user.profile.id);
  const phase = activationPhase(count, delivered);
  const sent = phase === 'sent';

  return (
    <StepShell
      title={t('signup.activation_title')}
      focusTitle
      actions={
        sent ? (
          <Button block size="lg" onClick={onContinue}>
            {t('signup.activation_continue')}
          </Button>
        ) : null
      }
    >
      <div role="status" className="space-y-3">
        {sent ? (
          <>
            <p>{t('signup.activation_sent')}</p>
            <p className="text-lg font-bold break-all">{user.email}</p>
            <p>{t('signup.activation_sent_hint')}</p>
          </>
        ) : (
          <p className="flex items-center gap-3">
            <span className="spinner shrink-0 text-brand" aria-hidden="true" />
            {t(`signup.activation_${phase}`)}
          </p>
        )}
      </div>
      {sent && user.mailprovider === SEARCHABLE_WEBMAIL ? (
        <p>
          <a className="text-link font-semibold" href={webmailSearchUrl(siteEmail)} target="_blank" rel="noreferrer">
            {t('signup.activation_open_webmail')}
          </a>
        </p>
      ) : null}
    </StepShell>
  );
}
