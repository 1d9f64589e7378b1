import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchForNewBuild } from '../../lib/build-check';
import { startServiceWorker, type ServiceWorkerHandle } from '../../lib/service-worker';
import { setServiceWorkerFlag, useServiceWorkerFlags } from '../../lib/service-worker-flags';
import { Button } from '../ui/button';

/**
 * Spec §4 need-refresh: a new version of the app is installed and waiting; the member chooses
 * when to switch, since a reload would lose what they are typing. Registers the worker too, so
 * every visitor gets it. Not in development, where the worker is rebuilt on every update check
 * and would announce each edit; the push screens still register it there when they need it.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { needRefresh } = useServiceWorkerFlags();
  const [reloading, setReloading] = useState(false);
  const worker = useRef<ServiceWorkerHandle | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    // Spec §7: a deployment is noticed by asking too, where no worker announces it (none, or not yet).
    const stopWatching = watchForNewBuild(() => setServiceWorkerFlag('needRefresh', true));
    if (!('serviceWorker' in navigator)) return stopWatching;
    const handle = startServiceWorker({
      onNeedRefresh: () => setServiceWorkerFlag('needRefresh', true),
      onOfflineReady: () => setServiceWorkerFlag('offlineReady', true),
    });
    worker.current = handle;
    return () => {
      stopWatching();
      handle.stop();
      // Nothing watches the worker any more, so the flags would only go stale.
      setServiceWorkerFlag('needRefresh', false);
      setServiceWorkerFlag('offlineReady', false);
    };
  }, []);

  if (!needRefresh) return null;

  function reload() {
    setReloading(true);
    // A waiting worker reloads every page once it takes over; without one, this page reloads itself.
    if (worker.current?.hasWaitingUpdate()) worker.current.activateUpdate();
    else window.location.reload();
  }

  return (
    <section
      aria-labelledby="update-prompt-title"
      className="toast fixed inset-x-2 bottom-2 z-50 flex flex-wrap items-center gap-3 p-3 sm:start-auto sm:end-4 sm:bottom-4 sm:w-96"
    >
      <p id="update-prompt-title" role="status" className="min-w-0 flex-1 font-bold">
        {t('app_update.available')}
      </p>
      <div className="flex gap-2">
        <Button size="sm" loading={reloading} onClick={reload}>
          {t('app_update.reload')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={reloading}
          onClick={() => setServiceWorkerFlag('needRefresh', false)}
        >
          {t('app_update.dismiss')}
        </Button>
      </div>
    </section>
  );
}
