import http from 'node:http';

/** One server-sent event as a browser's EventSource would hand it over. */
export interface SseMessage {
  event: string;
  data: string;
  /** The block's `id:` field, when it had one. */
  id?: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Events received so far, in order. */
  messages: SseMessage[];
  /** Comment lines (heartbeats) and `retry:` fields received so far. */
  comments: string[];
  retry: number | undefined;
  /** What a browser would send back as Last-Event-ID: the last `id:` field, with or without an event. */
  lastEventId: string | undefined;
  /** Resolves with the first event not yet taken that passes `match`, or rejects after `timeoutMs`. */
  next(match?: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Reads `text/event-stream`, enough of the format for the tests and nothing more. Plain
 * node:http on a connection of its own: fetch's pool keeps spare sockets open to the server,
 * which would hold up closing it.
 */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<SseStream> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, resolve);
    request.once('error', reject);
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let taken = 0;
  let wake: (() => void) | undefined;
  const stream: SseStream = {
    status: response.statusCode ?? 0,
    headers: new Headers(
      Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      ),
    ),
    messages,
    comments,
    retry: undefined,
    lastEventId: undefined,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < messages.length) {
          const message = messages[taken++]!;
          if (match(message)) return message;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left);
        });
      }
    },
    ended: new Promise<void>((resolve) => response.once('close', () => resolve())),
    close: () => response.destroy(),
  };

  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) stream.lastEventId = id = line.slice(4);
        else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) messages.push({ event, data: data.join('\n'), ...(id === undefined ? {} : { id }) });
      wake?.();
    }
  });
  return stream;
}

/** Waits until `check` holds, asking again every few milliseconds. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
