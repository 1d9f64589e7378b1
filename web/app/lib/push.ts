import type { PushState, PushSubscriptionData } from './signup-steps';

function pushApisPresent(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * Spec §3 push state of this browser. Push needs the site's public key, the browser APIs and a
 * registered service worker; without any of them push is unavailable.
 */
export async function detectPush(publicKey: string | null): Promise<PushState> {
  if (!publicKey || !pushApisPresent()) return { capable: false, subscribed: null };
  if (Notification.permission === 'denied') return { capable: true, subscribed: 'denied' };
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return { capable: false, subscribed: null };
    const subscription = await registration.pushManager.getSubscription();
    return { capable: true, subscribed: subscription ? (subscription.toJSON() as PushSubscriptionData) : false };
  } catch (error) {
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
  // `ready` never settles without a worker, so first make sure there is one.
  if (!(await navigator.serviceWorker.getRegistration())) return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  return subscription.toJSON() as PushSubscriptionData;
}
