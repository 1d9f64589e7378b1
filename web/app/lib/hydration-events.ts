/**
 * Until the app hydrates, a tap on a button does nothing: the page is the server's markup. The
 * script that starts the app (`deferred-hydration.ts`) keeps the last button tapped before then and
 * taps it again once the app has hydrated. From the moment React takes the page over it catches
 * taps itself and replays them, so the script stops keeping them then.
 */
export const HYDRATING_EVENT = 'rendezvous:hydrating';
export const HYDRATED_EVENT = 'rendezvous:hydrated';

/** Called right before `hydrateRoot`. */
export function announceHydrating(): void {
  document.dispatchEvent(new Event(HYDRATING_EVENT));
}

/** Called by the root layout's first effect, which runs once the page has hydrated. */
export function announceHydrated(): void {
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
