import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { detectPush, isPushOffered, subscribeToPush } from '../../../lib/push';
import { isPushPromptSnoozed, snoozePushPrompt } from '../../../lib/push-prompt';
import { registerPushSubscription } from '../../../lib/user-calls';

type PromptState = 'hidden' | 'offered' | 'failed' | 'done';

const ENGAGING_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Whether the person has scrolled, tapped or typed on the page since it opened. */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    const engage = () => setEngaged(true);
    for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
    return () => {
      for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, { capture: true });
    };
  }, [engaged]);
  return engaged;
}

/**
 * Spec §6 push prompt outside the sign-up, for a member who skipped it there: shown only when this
 * browser can take push, is not subscribed and the site has a push key; "not now" keeps it away
 * for 30 days. The route decides where (the member list) and that only members see it. It floats
 * over the page's foot: it appears once the browser has answered, after the first paint, and in
 * the page's flow it pushed the search form and results down (Lighthouse: layout shift 0.33).
 *
 * It waits for the member's first scroll, tap or key on the page: shown at once, it asked before
 * the member had seen anyone, and as the largest thing painted it was the page's largest paint,
 * seconds after the cards (LCP 4 s on a throttled phone).
 */
export function PushPrompt({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PromptState>('hidden');
  const [busy, setBusy] = useState(false);
  const engaged = useEngaged();

  useEffect(() => {
    // Checked before detection, which registers the push worker: a snoozed prompt costs nothing.
    if (!publicKey || isPushPromptSnoozed()) return;
    let current = true;
    void detectPush(publicKey).then((push) => {
      if (current && isPushOffered(push)) setState('offered');
    });
    return () => {
      current = false;
    };
  }, [publicKey]);

  async function enable() {
    if (!publicKey) return;
    setBusy(true);
    try {
      const result = await subscribeToPush(publicKey);
      // Spec §8: a refusal sets the state denied; the browser remembers it, so there is nothing to offer.
      if (result === 'denied') {
        setState('hidden');
        return;
      }
      await registerPushSubscription(result);
      setState('done');
    } catch (error) {
      console.warn('Turning notifications on failed', error);
      setState('failed');
    } finally {
      setBusy(false);
    }
  }

  function dismiss() {
    snoozePushPrompt();
    setState('hidden');
  }

  if (state === 'hidden' || !engaged) return null;

  return (
    <section
      className="card fixed inset-x-2 bottom-2 z-40 space-y-3 p-4 shadow-lg sm:start-auto sm:end-4 sm:bottom-4 sm:w-96 sm:p-5"
      aria-labelledby="push-prompt-title"
    >
      <h2 id="push-prompt-title" className="heading text-xl">
        {t('push.prompt_title')}
      </h2>
      {state === 'done' ? (
        <p role="status">{t('push.prompt_done')}</p>
      ) : (
        <>
          <p>{t('push.prompt_text')}</p>
          {state === 'failed' ? (
            <p className="form-alert" role="alert">
              {t('push.failed')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button loading={busy} onClick={() => void enable()}>
              {t('push.turn_on')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={dismiss}>
              {t('push.prompt_dismiss')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
