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
