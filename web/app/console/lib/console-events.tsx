import {
  CONSOLE_INBOX_PATHS,
  ConsoleEventSchema,
  type ConsoleEvent,
  type ConsoleEventType,
} from '@rendezvous/contract';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { openEventStream } from '../../lib/live-events';

/**
 * What the console's screens hear: the server's events, and `resync` when the stream opened again
 * after a drop, so whatever happened meanwhile is fetched rather than missed.
 */
export type ConsoleSignal = ConsoleEvent | { type: 'resync' };
type Listener = (signal: ConsoleSignal) => void;

/** Every event type, as a record so the compiler notices one the contract adds. */
const CONSOLE_EVENT_TYPES = Object.keys({
  waiting: true,
  claim: true,
  answered: true,
  settings: true,
} satisfies Record<ConsoleEventType, true>);

interface ConsoleEvents {
  subscribe(listener: Listener): () => void;
}

const ConsoleEventsContext = createContext<ConsoleEvents | null>(null);

/**
 * One stream of the console's live events (GET /api/console/events) for the whole console while
 * a staff member who answers chats is logged in; its heartbeats also keep them "online" for the
 * supervisor. Screens listen through `useConsoleSignal`.
 */
export function ConsoleEventsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [bus] = useState(() => {
    const listeners = new Set<Listener>();
    return {
      emit: (signal: ConsoleSignal) => listeners.forEach((listener) => listener(signal)),
      subscribe(listener: Listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let opened = false;
    return openEventStream(CONSOLE_INBOX_PATHS.events, {
      types: CONSOLE_EVENT_TYPES,
      onOpen() {
        if (opened) bus.emit({ type: 'resync' });
        opened = true;
      },
      onEvent(message) {
        let parsed;
        try {
          parsed = ConsoleEventSchema.safeParse(JSON.parse(message.data));
        } catch (error) {
          console.warn('Ignored a console event that is not JSON', error);
          return;
        }
        if (parsed.success) bus.emit(parsed.data);
        else console.warn('Ignored a console event of unknown shape', parsed.error);
      },
    });
  }, [enabled, bus]);

  return <ConsoleEventsContext.Provider value={bus}>{children}</ConsoleEventsContext.Provider>;
}

/** Calls `listener` for each console signal; the latest listener is used without resubscribing. */
export function useConsoleSignal(listener: Listener) {
  const bus = useContext(ConsoleEventsContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => bus?.subscribe((signal) => latest.current(signal)), [bus]);
}
