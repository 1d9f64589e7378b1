import type { User } from '@rendezvous/contract';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { registerPushSubscription } from '../../../lib/user-calls';
import { detectPush, subscribeToPush } from '../../../lib/push';
import { snoozePushPrompt } from '../../../lib/push-prompt';
import { isPushUnavailable, type PushState } from '../lib/signup-steps';
import { StepShell, StepWaiting } from './step-shell';

export interface PushStepProps {
  /** The site's VAPID public key; null means the site offers no push. */
  publicKey: string | null;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
}

/**
 * Spec §2 step 1: offer notifications, or skip. Leaves by itself when push turns out to be
 * unavailable or refused (spec §4), which on a browser without our service worker is at once.
 */
export function PushStep({ publicKey, onDone, focusTitle, top }: PushStepProps) {
  const { t } = useTranslation();
  const [push, setPush] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  const leaveIfUnavailable = useEffectEvent((state: PushState) => {
    if (isPushUnavailable(state)) onDone();
    else setPush(state);
  });

  useEffect(() => {
    let current = true;
    void detectPush(publicKey).then((state) => {
      if (current) leaveIfUnavailable(state);
    });
    return () => {
      current = false;
    };
  }, [publicKey]);

  async function enable() {
    if (!publicKey || busy) return;
    setBusy(true);
    try {
      const result = await subscribeToPush(publicKey);
      if (result === 'denied') {
        setBusy(false);
        onDone();
        return;
      }
      const user = await registerPushSubscription(result);
      setBusy(false);
      onDone(user);
    } catch (error) {
      // Notifications are a nicety: a failure is logged and the sign-up goes on.
      console.warn('Enabling notifications failed', error);
      setBusy(false);
      onDone();
    }
  }

  if (!push) return <StepWaiting />;

  return (
    <StepShell
      title={t('signup.push_title')}
      intro={t('signup.push_intro')}
      focusTitle={focusTitle}
      top={top}
      actions={
        <>
          <Button block size="lg" loading={busy} onClick={() => void enable()}>
            {t('signup.push_enable')}
          </Button>
          <Button
            block
            variant="ghost"
            disabled={busy}
            onClick={() => {
              // A "not now" here counts for the prompt on the member list too, so it does not ask again at once.
              snoozePushPrompt();
              onDone();
            }}
          >
            {t('signup.push_skip')}
          </Button>
        </>
      }
    />
  );
}
