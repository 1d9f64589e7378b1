/**
 * The one service worker (spec §1), served as /sw.js and registered as /sw.js?v=2 (spec §9) with
 * scope /, the script and scope push subscriptions were made with, so they survive this worker.
 *
 * It precaches the hashed build and an offline page per language. Pages come from the network;
 * only when there is none does the visitor get the offline page in their language. No page
 * is kept, and everything else (the API, live events, page data, the console's calls) it leaves
 * to the browser. A new version waits until the page asks it to take over (spec §4).
 */
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@rendezvous/contract';
import { NetworkOnly, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from 'serwist';
import { offlinePagePath, SKIP_WAITING_MESSAGE } from '../app/lib/worker-protocol';
import { listenForPushes } from './push';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // Replaced at build time by the list of files to precache (web/vite.sw.config.ts).
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope & {
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};

/** Pages that fall back to the offline page: the members' app, not the staff console nor API addresses opened in a tab. */
function isAppPage(url: URL): boolean {
  return !/^\/(api|console)(\/|$)/.test(url.pathname);
}

/** Spec §1 language detection as far as a worker sees it: the locale cookie, then the browser's languages. */
async function offlineLocale(): Promise<Locale> {
  try {
    const cookie = await self.cookieStore?.get(LOCALE_COOKIE);
    if (isLocale(cookie?.value)) return cookie.value;
  } catch {
    // Cookie access can be refused (privacy settings); the browser's languages still tell.
  }
  for (const tag of self.navigator.languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

const serwist: Serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: false,
  // The page request starts while the worker wakes up, so being online costs nothing extra.
  navigationPreload: true,
  runtimeCaching: [
    {
      // Every navigation, the API's included: with preloading on, one the worker left alone would
      // reach the server twice (the preload and the browser's own request), and a mailed single-use
      // link (activation, password reset) would be spent by the first.
      matcher: ({ request }) => request.mode === 'navigate',
      // Network only, not network first: pages carry their own CSP nonces, the CSRF token and,
      // logged in, the member's data under no-store. A 5xx is an answer and goes through as it is;
      // the offline page is only for when no answer comes at all.
      handler: new NetworkOnly({
        plugins: [
          {
            handlerDidError: async ({ request }): Promise<Response> => {
              const page = isAppPage(new URL(request.url))
                ? await serwist.matchPrecache(offlinePagePath(await offlineLocale()))
                : undefined;
              return page ?? Response.error();
            },
          },
        ],
      }),
    },
  ],
});

self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
listenForPushes(self);
serwist.addEventListeners();
