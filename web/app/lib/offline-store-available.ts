/**
 * Whether this browser can keep anything (private modes and old browsers may not). Apart from the
 * store, so a page can ask before it loads the store's code.
 */
export function offlineStoreAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}
