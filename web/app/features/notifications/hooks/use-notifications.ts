import type { NotificationsResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useState } from 'react';
import { useLiveEvent } from '../../../lib/live-events';
import { getNotifications, markNotificationsRead } from '../api/notifications-calls';

export type NotificationsState =
  | { status: 'loading'; list: NotificationsResponse | null }
  | { status: 'ready'; list: NotificationsResponse }
  | { status: 'error'; list: NotificationsResponse | null };

/**
 * The member's notifications, read again when a new one arrives (the live `notification`
 * event). A reload keeps the old list on screen until the new one is in.
 */
export function useNotifications() {
  const [state, setState] = useState<NotificationsState>({ status: 'loading', list: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getNotifications(controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setState({ status: 'ready', list });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('loading notifications failed', error);
        setState((previous) => ({ status: 'error', list: previous.list }));
      },
    );
    return () => controller.abort();
  }, [generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useLiveEvent('notification', reload);

  /** Shown read at once; the server's answer then replaces the list. */
  const markRead = useCallback(async (which: { ids: number[] } | { all: true }) => {
    setState((previous) =>
      previous.list
        ? {
            ...previous,
            list: {
              notifications: previous.list.notifications.map((item) =>
                'all' in which || which.ids.includes(item.id) ? { ...item, read: true } : item,
              ),
              num_unread:
                'all' in which
                  ? 0
                  : previous.list.num_unread -
                    previous.list.notifications.filter((item) => !item.read && which.ids.includes(item.id)).length,
            },
          }
        : previous,
    );
    try {
      setState({ status: 'ready', list: await markNotificationsRead(which) });
    } catch (error) {
      // Nothing is lost: the next load shows them unread again.
      console.warn('marking notifications read failed', error);
    }
  }, []);

  return { state, reload, markRead };
}
