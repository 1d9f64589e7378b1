import { EVENTS_PATH, type LiveEvent, type LiveEventType } from '@rendezvous/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

type Listener = (event: LiveEvent) => void;

/** Every `LiveEvent` type, as a record so the compiler notices one the contract adds. */
const LIVE_EVENT_TYPES = Object.keys({
  message: true,
  read: true,
  chats: true,
  like: true,
  notification: true,
  order: true,
} satisfies Record<LiveEventType, true>);

// Loaded with the first event: the schemas (and zod) stay out of every page's first load.
const loadSchema = () => import('./live-event-schema').then((module) => module.LiveEventSchema);
/** Live events arrive in bursts (a message and its notification): one fetch after the burst. */
export const LIVE_REFETCH_DEBOUNCE_MS = 300;
/** First wait after the server refused a stream, doubled per failure up to the maximum. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 120_000;

interface LiveEvents {
  subscribe(listener: Listener): () => void;
}

const LiveEventsContext = createContext<LiveEvents | null>(null);

/**
 * One server-sent-events stream per tab while a member is logged in (architecture: Realtime);
 * every feature listens through `useLiveEvent`. Closed on logout, reconnected after drops;
 * polling (spec §9) stays as the fallback for whatever a drop missed.
 */
export function LiveEventsProvider({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const [bus] = useState(() => {
    const listeners = new Set<Listener>();
    return {
      listeners,
      subscribe(listener: Listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  });

  useEffect(() => {
    if (!loggedIn || typeof EventSource === 'undefined') return;

    // Events are handed on in the order they came, though checking each waits for the schema.
    let queue = Promise.resolve();
    const onEvent = (message: MessageEvent<string>) => {
      queue = queue
        .then(async () => {
          const schema = await loadSchema();
          let parsed;
          try {
            parsed = schema.safeParse(JSON.parse(message.data));
          } catch (error) {
            console.warn('Ignored a live event that is not JSON', error);
            return;
          }
          if (!parsed.success) {
            console.warn('Ignored a live event of unknown shape', parsed.error);
            return;
          }
          for (const listener of bus.listeners) listener(parsed.data);
        })
        .catch((error: unknown) => console.warn('Could not hand on a live event', error));
    };
    return openEventStream(EVENTS_PATH, {
      types: LIVE_EVENT_TYPES,
      onEvent,
      // A new stream after a refusal caught up on messages only: whatever else changed meanwhile
      // (read receipts, removed chats), the chat list and open conversations load again.
      onReopen: () => {
        queue = queue.then(() => {
          for (const listener of bus.listeners) listener({ type: 'chats' });
        });
      },
    });
  }, [loggedIn, bus]);

  return <LiveEventsContext.Provider value={bus}>{children}</LiveEventsContext.Provider>;
}

/** Calls `listener` for each live event of `type`; the latest listener is used without resubscribing. */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  listener: (event: Extract<LiveEvent, { type: T }>) => void,
) {
  const bus = useContext(LiveEventsContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!bus) return;
    return bus.subscribe((event) => {
      if (event.type === type) latest.current(event as Extract<LiveEvent, { type: T }>);
    });
  }, [bus, type]);
}

/**
 * Marks the cached answer for `queryKey` out of date shortly after a burst of live events of
 * these types, so whatever shows it asks again; polling (spec §9) catches what the stream missed.
 */
export function useLiveRefetch(types: readonly LiveEventType[], queryKey: QueryKey) {
  const bus = useContext(LiveEventsContext);
  const queryClient = useQueryClient();
  const latestKey = useRef(queryKey);
  useEffect(() => {
    latestKey.current = queryKey;
  });
  const typeList = types.join(' ');
  useEffect(() => {
    if (!bus) return;
    const wanted = new Set(typeList.split(' '));
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = bus.subscribe((event) => {
      if (!wanted.has(event.type)) return;
      clearTimeout(debounce);
      debounce = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: latestKey.current }),
        LIVE_REFETCH_DEBOUNCE_MS,
      );
    });
    return () => {
      clearTimeout(debounce);
      unsubscribe();
    };
  }, [bus, queryClient, typeList]);
}

export interface EventStreamOptions {
  /** The SSE event names to hand on; the server names each event by its type. */
  types: readonly string[];
  onEvent: (message: MessageEvent<string>) => void;
  /** Each time the stream is open, the first time and after every reconnection. */
  onOpen?: () => void;
  /** When a new stream opened after the browser had given up on the previous one. */
  onReopen?: () => void;
}

/** Where the server numbers its events from; a new stream asks to catch up after it. */
export const LAST_EVENT_ID_PARAM = 'last_event_id';

/**
 * A server-sent-events stream that stays open: a dropped stream the browser reconnects by itself
 * (CONNECTING); after an HTTP error (a restart's 502, too many tabs, a lapsed session) it gives up
 * for good (CLOSED), so this tries again later, waiting longer each time. Answers the close.
 * The console's stream opens through it too; it lives here rather than in a module of its own so
 * that member pages load no extra file for it.
 */
export function openEventStream(url: string, { types, onEvent, onOpen, onReopen }: EventStreamOptions): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  // The browser sends Last-Event-ID itself when it reconnects a stream; a new EventSource starts
  // without one, so the last id seen goes in the query instead (the server catches up after it).
  let lastEventId = '';
  const handle = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    onEvent(message);
  };

  const connect = (reopened: boolean) => {
    const current = new EventSource(
      lastEventId ? `${url}?${new URLSearchParams({ [LAST_EVENT_ID_PARAM]: lastEventId }).toString()}` : url,
    );
    source = current;
    current.onopen = () => {
      failures = 0;
      onOpen?.();
      if (reopened) {
        reopened = false;
        onReopen?.();
      }
    };
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
      failures += 1;
      retry = setTimeout(() => connect(true), delay * (0.5 + Math.random() / 2));
    };
    for (const type of types) current.addEventListener(type, handle);
  };

  connect(false);
  return () => {
    clearTimeout(retry);
    source?.close();
  };
}
