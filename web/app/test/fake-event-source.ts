import type { LiveEvent } from '@rendezvous/contract';

/** Stands in for the browser's EventSource (stub it with `vi.stubGlobal`), so a test can deliver live events. */
export class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = FakeEventSource.OPEN;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sends `event` on the stream the app opened last; the app hands it on once its schema loaded. */
  static deliver(event: LiveEvent) {
    FakeEventSource.last?.dispatchEvent(new MessageEvent(event.type, { data: JSON.stringify(event) }));
  }
}
