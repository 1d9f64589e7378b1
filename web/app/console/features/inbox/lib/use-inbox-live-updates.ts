import type { ClaimInfo, ConversationView, QueueResponse } from '@rendezvous/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useConsoleSignal } from '../../../lib/console-events';
import { conversationKey } from '../api/conversation-calls';
import { CLAIMS_KEY, INBOX_KEY, QUEUE_KEY } from '../api/queue-calls';
import { STATS_KEY } from '../api/stats-calls';

/**
 * Events come in bursts (a member writing three lines, a supervisor moving claims): the answers
 * they touch are fetched once, this long after the first of a burst. Counted from the first, not
 * the last, so a busy queue still refreshes at this pace.
 */
export const INBOX_REFRESH_DELAY_MS = 300;

/**
 * Keeps the inbox's cached answers current from the console's live events: what an event says
 * in full (who holds a conversation, that it was answered) is written into the cache at once;
 * the rest is fetched again shortly after.
 */
export function useInboxLiveUpdates(): void {
  const queryClient = useQueryClient();
  const stale = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refreshSoon = (...keys: QueryKey[]) => {
    for (const key of keys) stale.current.set(JSON.stringify(key), key);
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const keys = [...stale.current.values()];
      stale.current.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, INBOX_REFRESH_DELAY_MS);
  };

  const setQueue = (update: (queue: QueueResponse) => QueueResponse) =>
    queryClient.setQueriesData<QueueResponse>({ queryKey: QUEUE_KEY }, (queue) => queue && update(queue));

  const setClaim = (conversation: number, claim: ClaimInfo | null) => {
    setQueue((queue) => ({
      ...queue,
      items: queue.items.map((item) => (item.conversation === conversation ? { ...item, claim } : item)),
    }));
    queryClient.setQueryData<ConversationView>(conversationKey(conversation), (view) => view && { ...view, claim });
  };

  useConsoleSignal((signal) => {
    switch (signal.type) {
      case 'resync':
        refreshSoon(INBOX_KEY);
        break;
      case 'settings':
        refreshSoon(QUEUE_KEY, STATS_KEY);
        break;
      case 'waiting':
        refreshSoon(QUEUE_KEY, CLAIMS_KEY, STATS_KEY, conversationKey(signal.conversation));
        break;
      case 'claim':
        setClaim(signal.conversation, signal.claim);
        refreshSoon(QUEUE_KEY, CLAIMS_KEY, STATS_KEY);
        break;
      case 'answered':
        setQueue((queue) => ({
          ...queue,
          items: queue.items.filter((item) => item.conversation !== signal.conversation),
        }));
        refreshSoon(QUEUE_KEY, CLAIMS_KEY, STATS_KEY, conversationKey(signal.conversation));
        break;
    }
  });
}
