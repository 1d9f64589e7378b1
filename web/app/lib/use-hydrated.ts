import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the page renders on the server and hydrates, true from then on: for what must
 * render as the server did first (the URL's hash) or must not act before the app can (a submit).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
