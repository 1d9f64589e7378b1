/** First wait after the server refused a stream, doubled per failure up to the maximum. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 120_000;

export interface EventStreamOptions {
  /** The SSE event names to hand on; the server names each event by its type. */
  types: readonly string[];
  onEvent: (message: MessageEvent<string>) => void;
  /** Each time the stream is open, the first time and after every reconnection. */
  onOpen?: () => void;
}

/**
 * A server-sent-events stream that stays open: a dropped stream the browser reconnects by itself
 * (CONNECTING); after an HTTP error (a restart's 502, too many tabs, a lapsed session) it gives up
 * for good (CLOSED), so this tries again later, waiting longer each time. Answers the close.
 */
export function openEventStream(url: string, { types, onEvent, onOpen }: EventStreamOptions): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = () => {
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      failures = 0;
      onOpen?.();
    };
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
      failures += 1;
      retry = setTimeout(connect, delay * (0.5 + Math.random() / 2));
    };
    for (const type of types) current.addEventListener(type, onEvent);
  };

  connect();
  return () => {
    clearTimeout(retry);
    source?.close();
  };
}
