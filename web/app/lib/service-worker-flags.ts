import { useSyncExternalStore } from 'react';

/**
 * Spec §4's service-worker flags, for any screen to read: `offlineReady` once a version of the
 * worker is active (the app's files are precached, the offline page can answer), `needRefresh`
 * while a new version waits for the member to accept it.
 */
export interface ServiceWorkerFlags {
  offlineReady: boolean;
  needRefresh: boolean;
}

const SERVER_FLAGS: ServiceWorkerFlags = { offlineReady: false, needRefresh: false };
let flags: ServiceWorkerFlags = SERVER_FLAGS;
const listeners = new Set<() => void>();

export function setServiceWorkerFlag(name: keyof ServiceWorkerFlags, value: boolean): void {
  if (flags[name] === value) return;
  flags = { ...flags, [name]: value };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServiceWorkerFlags(): ServiceWorkerFlags {
  return useSyncExternalStore(
    subscribe,
    () => flags,
    () => SERVER_FLAGS,
  );
}
