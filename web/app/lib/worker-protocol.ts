/*
 * What the pages and the service worker (web/sw) agree on. Plain constants, so the worker's
 * bundle takes nothing else from the app.
 */

/** The message the update prompt sends when the member accepts the new version (spec §4). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** Where each language's offline page is precached; the build writes them, the worker answers with them. */
export const OFFLINE_DIR = 'offline';

export function offlinePagePath(locale: string): string {
  return `/${OFFLINE_DIR}/${locale}.html`;
}

/** The offline page's script, next to the pages; it shows what the device kept (docs/decisions/020). */
export const OFFLINE_SCRIPT = 'offline.js';

/** The element of an offline page whose JSON holds the script's texts in the page's language. */
export const OFFLINE_TEXT_ID = 'offline-text';

/** What the offline page's script says, from the `offline` catalogue (and the chats' list label). */
export interface OfflinePageText {
  saved: string;
  profile_title: string;
  chats_title: string;
  messages_label: string;
  write_label: string;
  send: string;
  waiting: string;
  no_messages: string;
  nothing_saved: string;
  you: string;
}
