import type { User } from '@rendezvous/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { offlineStoreAvailable } from '../../../lib/offline-store-available';
import { whenIdle } from '../../../lib/when-idle';

// Loaded once the page is idle, like everything here: the store's code is not part of the first load.
const loadOfflineStore = () => import('../../../lib/offline-store');

/**
 * Keeps what the offline page shows (docs/decisions/020) for the member using the app: their
 * profile, chat list and opened conversations, and sends what they wrote offline once the
 * connection is back (now, and on every `online`). Another member, or nobody, empties the
 * store first: a shared phone never shows one member another's chats. It starts once the page is
 * idle: opening the store and copying the chats are tasks the first tap should not wait behind.
 */
export function useOfflineChats(user: User | null): void {
  const client = useQueryClient();
  const memberId = user?.profile.id ?? null;
  const profile = user?.profile;
  /** Writes wait for the claim: until then the store may still be another member's. */
  const claimed = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!offlineStoreAvailable()) return;
    let stop = () => {};
    let stopped = false;
    let idle = () => {};
    claimed.current = new Promise<void>((resolve) => {
      idle = whenIdle(resolve);
    })
      .then(loadOfflineStore)
      .then((store) => store.claimOfflineStore(memberId));
    claimed.current
      // The sending code is not part of the first load either.
      .then(() => (memberId === null ? null : import('../offline')))
      .then((offline) => {
        if (!offline || stopped || memberId === null) return;
        const keep = offline.keepChatsOffline(client, memberId);
        const send = () => void offline.sendOutbox(client, memberId);
        window.addEventListener('online', send);
        stop = () => {
          keep();
          window.removeEventListener('online', send);
        };
        if (navigator.onLine) send();
      })
      .catch((error: unknown) => console.warn('The offline store is unavailable', error));
    return () => {
      stopped = true;
      idle();
      stop();
    };
  }, [client, memberId]);

  useEffect(() => {
    if (!offlineStoreAvailable() || !profile) return;
    claimed.current
      .then(loadOfflineStore)
      .then((store) =>
        store.keepOfflineProfile(profile.id, {
          id: profile.id,
          name: profile.name,
          city: profile.city,
          thumb_filename: profile.main_image?.thumb_filename ?? null,
          personal: profile.personal,
        }),
      )
      .catch((error: unknown) => console.warn('Could not keep the profile for offline use', error));
  }, [profile]);
}
