import { NotificationsResponseSchema } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

const NOTIFICATIONS_PATH = '/api/notifications.php';

/** GET /api/notifications.php: the newest 50, with the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return apiRequest('GET', NOTIFICATIONS_PATH, NotificationsResponseSchema, { signal });
}

/** PUT /api/notifications.php: some (`ids`) or all read; answers the list as it now is. */
export function markNotificationsRead(which: { ids: number[] } | { all: true }) {
  return apiRequest('PUT', NOTIFICATIONS_PATH, NotificationsResponseSchema, { body: which });
}
