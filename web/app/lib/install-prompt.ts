import { useSyncExternalStore } from 'react';

/**
 * Installing the app (issue 17). Chromium offers installation through `beforeinstallprompt`,
 * which the page keeps to ask at a moment the member chooses (the account menu), never on its
 * own on a first visit. iPhones and iPads have no such event: there the member adds the site to
 * the home screen from Safari's share menu, which the app explains instead.
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallWay = 'prompt' | 'ios' | null;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Called once as the page starts, before the browser fires the event. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Kept, not shown: the browser would otherwise show its own banner at a moment of its choosing.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone, iPod, or an iPad (which says it is a Mac, but has a touch screen). */
function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function installWay(): InstallWay {
  if (deferred) return 'prompt';
  return isIos() && !isStandalone() ? 'ios' : null;
}

/** Shows the browser's install dialog; answers whether the member accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  // The event can be used once; the browser fires a new one if installing is possible again.
  deferred = null;
  changed();
  return outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How this browser can install the app now, or null (installed, or no way to). */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribe, installWay, () => null);
}
