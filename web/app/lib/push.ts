import { PUSH_WORKER_VERSION } from './constants';

/** A subscription as `PushSubscription.toJSON()` gives it, the body of POST /api/user.php?push=1. */
export interface PushSubscriptionData {
  endpoint?: string;
  expirationTime?: number | null;
  keys?: Record<string, string>;
}

/**
 * Spec §3 push state. `capable`: null until known. `subscribed`: null until known, false when not,
 * 'denied' when the browser refuses notifications, otherwise the subscription itself.
 */
export interface PushState {
  capable: boolean | null;
  subscribed: null | false | 'denied' | PushSubscriptionData;
}

/** Spec §6: the prompt is for someone whose browser can take push, who has not answered it yet. */
export function isPushOffered(push: PushState): boolean {
  return push.capable === true && push.subscribed === false;
}

/** Spec §7 "registered from a versioned script"; the worker itself is built from web/sw. */
export const PUSH_WORKER_URL = `/sw.js?v=${PUSH_WORKER_VERSION}`;

function pushApisPresent(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * The registration push goes through. Every page registers the worker once it has loaded
 * (lib/service-worker.ts); a push screen opened before that registers the same script itself.
 */
async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  return (
    (await navigator.serviceWorker.getRegistration()) ??
    (await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' }))
  );
}

/**
 * Spec §3 push state of this browser. Push needs the site's public key, the browser APIs and a
 * service worker; without any of them push is unavailable.
 */
export async function detectPush(publicKey: string | null): Promise<PushState> {
  if (!publicKey || !pushApisPresent()) return { capable: false, subscribed: null };
  if (Notification.permission === 'denied') return { capable: true, subscribed: 'denied' };
  try {
    const registration = await pushRegistration();
    const subscription = await registration.pushManager.getSubscription();
    return { capable: true, subscribed: subscription ? (subscription.toJSON() as PushSubscriptionData) : false };
  } catch (error) {
    // Spec §8: a failed registration only marks push unavailable.
    console.warn('Could not read the push state', error);
    return { capable: false, subscribed: null };
  }
}

/** The VAPID key arrives base64url-encoded; the push manager wants its bytes. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Asks for permission and subscribes. Resolves to the subscription, or to 'denied' when the
 * person or the browser says no (spec §8: a refused subscription sets the state denied).
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionData | 'denied'> {
  if (!pushApisPresent()) return 'denied';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await pushRegistration();
  // `ready` settles once the worker is active, which a fresh registration is not yet.
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  return subscription.toJSON() as PushSubscriptionData;
}

/** Ends this browser's subscription; resolves to its endpoint, for the server to forget, or null if there was none. */
export async function unsubscribeFromPush(): Promise<string | null> {
  if (!pushApisPresent()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
