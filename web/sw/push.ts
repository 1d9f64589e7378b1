/**
 * Shows pushes and opens the page a push is about: the handlers of the first push worker
 * (version 2, spec §9), unchanged, so subscriptions made with it keep working.
 *
 * Payload (server/src/notifier/web-push-sender.ts): { title, body, url, tag }.
 */

const FALLBACK_URL = '/notifications';
const ICON = '/favicon.svg';

/** `renotify` is in the Notifications standard and Chromium, not yet in TypeScript's DOM types. */
type ShownNotification = NotificationOptions & { renotify?: boolean };

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

function readPush(data: PushMessageData | null): PushMessage {
  try {
    return data ? (data.json() as PushMessage) : {};
  } catch {
    return { body: data ? data.text() : '' };
  }
}

export function listenForPushes(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    const message = readPush(event.data);
    const options: ShownNotification = {
      body: message.body || '',
      // A newer push with the same tag (one conversation, likes) replaces the older one.
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      icon: ICON,
      badge: ICON,
      data: { url: message.url || FALLBACK_URL },
    };
    event.waitUntil(self.registration.showNotification(message.title || self.location.hostname, options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: string } | null;
    const target = new URL(data?.url || FALLBACK_URL, self.location.origin);
    // Only our own pages: a payload cannot send the member elsewhere.
    const url = target.origin === self.location.origin ? target.href : new URL(FALLBACK_URL, self.location.origin).href;
    event.waitUntil(
      (async () => {
        const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
        if (tab) {
          const focused = await tab.focus();
          try {
            await focused.navigate(url);
            return;
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: open the page in a new one.
          }
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}
