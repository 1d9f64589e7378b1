import type { NotificationsResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveRefetch } from '../../../lib/live-events';
import { notificationsQueryOptions, useMarkNotificationsRead } from '../api/notifications-calls';

export type NotificationsState =
  | { status: 'loading'; list: NotificationsResponse | null }
  | { status: 'ready'; list: NotificationsResponse }
  | { status: 'error'; list: NotificationsResponse | null };

/**
 * The member's notifications, read again when a new one arrives (the live `notification`
 * event). A reload keeps the old list on screen until the new one is in.
 */
export function useNotifications() {
  const query = useQuery(notificationsQueryOptions());
  useLiveRefetch(['notification'], notificationsQueryOptions().queryKey);
  const { mutateAsync } = useMarkNotificationsRead();

  const list = query.data ?? null;
  const state: NotificationsState =
    query.isError && !query.isFetching
      ? { status: 'error', list }
      : list
        ? { status: 'ready', list }
        : { status: 'loading', list };
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  /** Shown read at once; the server's answer then replaces the list. */
  const markRead = useCallback(
    (which: Parameters<typeof mutateAsync>[0]) =>
      mutateAsync(which).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );
  return { state, reload, markRead };
}
