import type { Catalogue, Locale, PSEUDO_LOCALE } from '@rendezvous/contract';
import type { i18n as I18n } from 'i18next';
import { coversEntry } from './catalogue-namespaces';
import { whenIdle } from './when-idle';

/** Spec §9: catalogues are kept in local storage for 24 hours. */
export const CATALOGUE_CACHE_MS = 24 * 60 * 60 * 1000;

/** Spec §7: the whole catalogue of a language, cacheable for good under its hash. */
export async function loadCatalogue(hash: string, locale: Locale | typeof PSEUDO_LOCALE): Promise<Catalogue> {
  const key = `i18n:${hash}:${locale}`;
  try {
    const cached = JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; messages: Catalogue } | null;
    if (cached && Date.now() - cached.at < CATALOGUE_CACHE_MS) return cached.messages;
  } catch {
    // An unreadable cache entry is simply fetched again.
  }
  const response = await fetch(`/_i18n/${hash}/${locale}/messages.json`);
  if (!response.ok) throw new Error(`Catalogue ${locale} answered ${response.status}`);
  const text = await response.text();
  // Kept as it came, not written out again, and in a task of its own: storing 100 KB takes a while.
  whenIdle(() => {
    try {
      localStorage.setItem(key, `{"at":${Date.now()},"messages":${text}}`);
    } catch {
      // Storage full or disabled: the catalogue still works for this page.
    }
  });
  return JSON.parse(text) as Catalogue;
}

/**
 * The page's HTML carries only the namespaces of its first screen (`catalogue-namespaces.ts`);
 * whatever renders later (the next route, a lazy dialog) waits for the whole catalogue of the
 * page's language, fetched once.
 */
let page: { i18n: I18n; hash: string; picked: readonly string[] | undefined } | null = null;
const wholeCatalogues = new Map<string, Promise<void>>();

/**
 * The browser's one i18n instance, and the catalogue entries its page came with (none named: the
 * whole catalogue); on the server every request has its own and nothing waits.
 */
export function registerPageCatalogue(i18n: I18n, hash: string, picked?: readonly string[]): void {
  if (typeof document !== 'undefined') page = { i18n, hash, picked };
}

/**
 * Whether the words of these catalogue entries are in. A namespace the page got only a part of
 * is there as an object too, so the page's own list decides until the whole catalogue is in.
 */
export function hasNamespaces(i18n: I18n, entries: readonly string[]): boolean {
  // The page's instance is known by its resource store: react-i18next (16 on) gives components a
  // copy of the instance per language, which shares the store. Compared as objects, the page's list
  // was never read, and an entry that is no key of the catalogue (a prefix: `signup.value_*`)
  // counted as missing for good.
  const picked = page?.i18n.store === i18n.store ? page.picked : undefined;
  if (picked) return entries.every((entry) => picked.some((had) => coversEntry(had, entry)));
  return entries.every((entry) => i18n.getResource(i18n.language, 'translation', entry) !== undefined);
}

export function loadWholeCatalogue(): Promise<void> {
  if (!page) return Promise.resolve();
  const { i18n, hash } = page;
  const language = i18n.language as Locale | typeof PSEUDO_LOCALE;
  let loading = wholeCatalogues.get(language);
  if (!loading) {
    loading = loadCatalogue(hash, language).then(
      (messages) => {
        // The whole catalogue holds every word the page came with, so it takes their place a
        // namespace at a time, as it came: merging and copying 100 KB of words was a long task.
        i18n.addResourceBundle(language, 'translation', messages, false, true, { skipCopy: true });
        if (page?.i18n === i18n) page.picked = undefined;
      },
      (error: unknown) => {
        // Spec §8: a catalogue that fails to load is a warning; a later need asks again.
        wholeCatalogues.delete(language);
        console.warn('Could not load the catalogue', language, error);
      },
    );
    wholeCatalogues.set(language, loading);
  }
  return loading;
}

/** A lazy component's loader that also brings the words it may show, so it never renders a key. */
export function withWholeCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadWholeCatalogue()]).then(([module]) => module);
}
