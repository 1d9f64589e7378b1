import { CHUNK_RELOAD_GUARD_MS } from './constants';

const LAST_RELOAD_KEY = 'rv:chunk-reload-at';

/**
 * What browsers say when a script chunk cannot be fetched: after a deployment the old page asks
 * for files the server no longer has.
 */
const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload of a chunk's stylesheet
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_MESSAGES.some((known) => message.includes(known));
}

interface ReloadDeps {
  now?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
}

/**
 * Spec §8: a failed chunk load reloads the page, which then asks for the new build's files; but at
 * most once per {@link CHUNK_RELOAD_GUARD_MS}, so a file that is missing for good shows an error
 * instead of reloading in a loop. Answers whether it reloaded.
 */
export function reloadAfterChunkError({
  now = Date.now(),
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
}: ReloadDeps = {}): boolean {
  const last = storage.getItem(LAST_RELOAD_KEY);
  if (last !== null && now - Number(last) < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}

/**
 * Vite announces a chunk it could not load (`vite:preloadError`); taking it over (preventDefault)
 * stops the error reaching the page only when the page reloads.
 */
export function watchChunkLoadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
