import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/button';
import { detectPush, subscribeToPush, unsubscribeFromPush, type PushState } from '../../../lib/push';
import { registerPushSubscription } from '../../../lib/user-calls';
import { forgetPushSubscription } from '../api/push-calls';

/** What the setting shows: spec §3 push state, reduced to what the member can act on. */
export type PushSetting = 'checking' | 'unsupported' | 'denied' | 'on' | 'off';

export function pushSettingOf(state: PushState | null): PushSetting {
  if (!state || state.capable === null) return 'checking';
  if (!state.capable) return 'unsupported';
  if (state.subscribed === 'denied') return 'denied';
  return state.subscribed ? 'on' : 'off';
}

const STATE_KEYS = {
  unsupported: 'push.state_unsupported',
  denied: 'push.state_denied',
  on: 'push.state_on',
  off: 'push.state_off',
} as const;
const SETTLED = Object.keys(STATE_KEYS) as (keyof typeof STATE_KEYS)[];

/** The button each setting offers, if any. */
const ACTIONS = {
  off: { key: 'push.turn_on', variant: 'primary' },
  on: { key: 'push.turn_off', variant: 'secondary' },
} as const;
const actionOf = (setting: PushSetting) => (setting === 'on' || setting === 'off' ? ACTIONS[setting] : null);

/**
 * Push notifications on this device, on the /profile page: shows whether they are on and turns
 * them on (browser permission, subscription, POST /api/user.php?push=1) or off (browser and server).
 */
export function PushSettings({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void detectPush(publicKey).then((detected) => {
      if (current) setState(detected);
    });
    return () => {
      current = false;
    };
  }, [publicKey]);

  const setting = pushSettingOf(state);
  const action = actionOf(setting);

  async function turnOn() {
    if (!publicKey) return;
    setBusy(true);
    setFailed(false);
    try {
      const result = await subscribeToPush(publicKey);
      // Spec §8: a refused subscription sets the state denied.
      if (result === 'denied') setState({ capable: true, subscribed: 'denied' });
      else {
        await registerPushSubscription(result);
        setState({ capable: true, subscribed: result });
      }
    } catch (error) {
      console.warn('Turning notifications on failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setFailed(false);
    try {
      const endpoint = await unsubscribeFromPush();
      setState({ capable: true, subscribed: false });
      if (endpoint) await forgetPushSubscription(endpoint);
    } catch (error) {
      console.warn('Turning notifications off failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className="heading text-xl">
        {t('push.title')}
      </h2>
      <p>{t('push.intro')}</p>
      {/*
       * Every setting is laid out, unseen, in the place of the one shown, so the section is as tall
       * while this browser is asked as after it answered, whatever it says: the page below (the
       * blocked members' buttons) does not move under a tap.
       */}
      <div className="grid">
        <div className="col-start-1 row-start-1 space-y-3">
          {setting === 'checking' ? null : (
            <p role="status" data-push-setting={setting}>
              {t(STATE_KEYS[setting])}
            </p>
          )}
          {action ? (
            <Button
              variant={action.variant}
              loading={busy}
              onClick={() => void (setting === 'off' ? turnOn() : turnOff())}
            >
              {t(action.key)}
            </Button>
          ) : null}
        </div>
        {SETTLED.map((room) => (
          <SettingRoom key={room} setting={room} />
        ))}
      </div>
      {failed ? (
        <p className="form-alert" role="alert">
          {t('push.failed')}
        </p>
      ) : null}
    </section>
  );
}

/** The room one setting takes on screen, held without being seen. */
function SettingRoom({ setting }: { setting: keyof typeof STATE_KEYS }) {
  const { t } = useTranslation();
  const action = actionOf(setting);
  return (
    <div className="invisible col-start-1 row-start-1 space-y-3" aria-hidden="true">
      <p>{t(STATE_KEYS[setting])}</p>
      {action ? <span className={buttonClassName({ variant: action.variant })}>{t(action.key)}</span> : null}
    </div>
  );
}
