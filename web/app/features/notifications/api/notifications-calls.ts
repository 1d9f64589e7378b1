import type { NotificationsResponse } from '@rendezvous/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { optimisticUpdate } from '../../../lib/optimistic-update';

const NOTIFICATIONS_PATH = '/api/notifications.php';
const schema = lazySchemas(() => import('./notifications-schemas'));

/** GET /api/notifications.php: the newest 50, with the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return apiRequest('GET', NOTIFICATIONS_PATH, schema('NotificationsResponseSchema'), {
    signal,
  });
}

/** PUT /api/notifications.php: some (`ids`) or all read; answers the list as it now is. */
export function markNotificationsRead(which: { ids: number[] } | { all: true }) {
  return apiRequest('PUT', NOTIFICATIONS_PATH, schema('NotificationsResponseSchema'), { body: which });
}

/** The member's notifications in the app's cache. */
export function notificationsQueryOptions() {
  return queryOptions({ queryKey: ['notifications'], queryFn: ({ signal }) => getNotifications(signal) });
}

type ReadWhich = Parameters<typeof markNotificationsRead>[0];

/** The list as it looks once `which` are read, before the server has said so. */
function readLocally(list: NotificationsResponse, which: ReadWhich): NotificationsResponse {
  const isMarked = (id: number) => 'all' in which || which.ids.includes(id);
  return {
    notifications: list.notifications.map((item) => (isMarked(item.id) ? { ...item, read: true } : item)),
    // The list holds the newest only; the count covers them all.
    num_unread:
      'all' in which
        ? 0
        : list.num_unread - list.notifications.filter((item) => !item.read && isMarked(item.id)).length,
  };
}

/**
 * Shown read at once; the server's answer then replaces the list. A failure is logged and shows
 * them unread again, as the server still holds them.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  const { onMutate, rollBack } = optimisticUpdate(queryClient, queryKey, readLocally);
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate,
    onSuccess: (list) => queryClient.setQueryData(queryKey, list),
    onError: (error, _which, context) => {
      console.warn('marking notifications read failed', error);
      rollBack(context);
    },
  });
}
