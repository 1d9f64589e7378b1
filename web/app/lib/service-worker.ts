import { PUSH_WORKER_URL } from './push';
import { SKIP_WAITING_MESSAGE } from './worker-protocol';

export interface ServiceWorkerHandle {
  /** Whether a new version is installed and waiting, or another tab just activated one. */
  hasWaitingUpdate(): boolean;
  /** Activates the waiting version; the page reloads once it takes control. */
  activateUpdate(): void;
  stop(): void;
}

/**
 * Registers the one service worker (web/sw) for every visitor, through the same script and scope
 * push uses, so there is only ever one registration. Spec §4: a new version installs and waits
 * (`onNeedRefresh`) until the page activates it; whichever tab does, every open page reloads once
 * when the new version takes control. The first version takes no control of the page that
 * installed it, so a first visit never reloads. `onOfflineReady` is told once, when a version
 * is active: the app's files are precached and the offline page answers without a network.
 */
export function startServiceWorker({
  onNeedRefresh,
  onOfflineReady = () => undefined,
  reload = () => window.location.reload(),
}: {
  onNeedRefresh: () => void;
  onOfflineReady?: () => void;
  reload?: () => void;
}): ServiceWorkerHandle {
  const container = navigator.serviceWorker;
  // Read now: a page that had no worker at load was never served by an older version.
  const controlled = Boolean(container.controller);
  const initialController = container.controller;
  let registration: ServiceWorkerRegistration | undefined;
  let stopped = false;
  let reloading = false;
  let offlineReady = false;
  const becameOfflineReady = () => {
    if (stopped || offlineReady) return;
    offlineReady = true;
    onOfflineReady();
  };

  const onControllerChange = () => {
    if (!controlled || reloading) return;
    reloading = true;
    reload();
  };

  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (!stopped && worker.state === 'installed' && container.controller) onNeedRefresh();
      if (worker.state === 'activated') becameOfflineReady();
    });
  };

  const register = () => {
    container
      .register(PUSH_WORKER_URL, { scope: '/' })
      .then((registered) => {
        registration = registered;
        if (stopped) return;
        if (registered.waiting && container.controller) onNeedRefresh();
        if (registered.active?.state === 'activated') becameOfflineReady();
        else watch(registered.active);
        watch(registered.installing);
        registered.addEventListener('updatefound', () => watch(registered.installing));
      })
      .catch((error: unknown) => {
        // Spec §8: a failed registration only costs the offline page and the update prompt.
        console.warn('Could not register the service worker', error);
      });
  };

  container.addEventListener('controllerchange', onControllerChange);
  // After the page has loaded, so precaching never competes with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });

  return {
    hasWaitingUpdate: () =>
      Boolean(registration?.waiting) || (controlled && container.controller !== initialController),
    activateUpdate() {
      const waiting = registration?.waiting;
      if (waiting) waiting.postMessage(SKIP_WAITING_MESSAGE);
      // Another tab activated it already: this page is still on the old version.
      else onControllerChange();
    },
    stop() {
      stopped = true;
      container.removeEventListener('controllerchange', onControllerChange);
      window.removeEventListener('load', register);
    },
  };
}
