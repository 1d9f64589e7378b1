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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export function isChunkLoadError(error: unknown): boolean {
  const message = messageOf(error);
  return CHUNK_ERROR_MESSAGES.some((known) => message.includes(known));
}

interface ReloadDeps {
  now?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * Spec §8: reloads the page, which then asks for the new build's files; but at most once per
 * {@link CHUNK_RELOAD_GUARD_MS}, so a file that is missing for good shows an error instead of
 * reloading in a loop. Answers whether it reloaded.
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
 * Reloads for a chunk the server no longer has. A chunk also fails when the member's own
 * navigation or a lost connection cancelled it: the file is still there (or the server cannot be
 * asked), and reloading would only cancel that navigation or fail again.
 */
export async function reloadIfChunkIsGone(error: unknown, deps: ReloadDeps = {}): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  const url = /https?:\/\/\S+?\.(?:js|css)\b/.exec(messageOf(error))?.[0];
  if (url) {
    try {
      const answer = await (deps.fetchImpl ?? fetch)(url, { method: 'HEAD', cache: 'no-store' });
      if (answer.ok) return false;
    } catch {
      return false;
    }
  }
  return reloadAfterChunkError(deps);
}

/** Vite announces a chunk it could not load; the error still reaches the page that asked for it. */
export function watchChunkLoadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    void reloadIfChunkIsGone((event as Event & { payload?: unknown }).payload);
  });
}
