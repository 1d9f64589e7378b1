import { vi } from 'vitest';

// A 65-byte VAPID key, base64url.
export const PUSH_PUB = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
export const PUSH_SUBSCRIPTION = { endpoint: 'https://push.example/device-1', keys: { p256dh: 'p', auth: 'a' } };

/**
 * The browser's push APIs (a third-party surface) in a given state: the permission so far, whether
 * this browser is subscribed, and what the person answers when asked. Undo with `forgetPushBrowser`.
 */
export function fakePushBrowser({
  permission,
  subscribed,
  answer = 'granted',
}: {
  permission: NotificationPermission;
  subscribed: boolean;
  answer?: NotificationPermission;
}) {
  const browserSubscription = {
    endpoint: PUSH_SUBSCRIPTION.endpoint,
    toJSON: () => PUSH_SUBSCRIPTION,
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? browserSubscription : null)),
    subscribe: vi.fn(async () => browserSubscription),
  };
  const registration = { pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  const serviceWorker = {
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { pushManager, browserSubscription, serviceWorker, notification };
}

export function forgetPushBrowser() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
