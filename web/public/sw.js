/* global self */
/**
 * The push service worker, version 2 (spec §9), registered as /sw.js?v=2 by web/app/lib/push.ts.
 *
 * It only shows pushes and opens the page a push is about. It is plain JavaScript served as it is,
 * so the page's CSP (script-src 'self', which workers fall back to) allows it. When the PWA issue
 * brings a Workbox worker for /sw.js (precache, offline, update reload, app badge), these two
 * listeners move into it unchanged and this file goes.
 *
 * Payload (server/src/notifier/web-push-sender.ts): { title, body, url, tag }.
 */

const FALLBACK_URL = '/notifications';
const ICON = '/favicon.svg';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || self.location.hostname;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || '',
      // A newer push with the same tag (one conversation, likes) replaces the older one.
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      icon: ICON,
      badge: ICON,
      data: { url: message.url || FALLBACK_URL },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || FALLBACK_URL,
    self.location.origin,
  );
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
