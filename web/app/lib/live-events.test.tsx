import { EVENTS_PATH, type LiveEvent } from '@rendezvous/contract';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsProvider, useLiveEvent } from './live-events';
// Loaded up front, so the on-demand import of the schema resolves within `settle`, however busy the machine.
import './live-event-schema';

/** Stands in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** As the browser does after an HTTP error: it stops for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  send(type: string, data: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
}

function Listener({ onLike, onChats }: { onLike: (event: LiveEvent) => void; onChats: (event: LiveEvent) => void }) {
  useLiveEvent('like', onLike);
  useLiveEvent('chats', onChats);
  return null;
}

function renderProvider(loggedIn: boolean) {
  const onLike = vi.fn();
  const onChats = vi.fn();
  const ui = (loggedIn: boolean) => (
    <LiveEventsProvider loggedIn={loggedIn}>
      <Listener onLike={onLike} onChats={onChats} />
    </LiveEventsProvider>
  );
  const view = render(ui(loggedIn));
  return { onLike, onChats, rerender: (next: boolean) => view.rerender(ui(next)) };
}

/** Events wait for the schema, loaded on first use: let that (already cached) import resolve. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });

describe('live events (architecture: Realtime)', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens no stream for a visitor', () => {
    renderProvider(false);
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('opens one stream for a member and hands each event to the listeners of its type', async () => {
    const { onLike, onChats } = renderProvider(true);
    expect(FakeEventSource.all.map((source) => source.url)).toEqual([EVENTS_PATH]);
    const source = FakeEventSource.all[0]!;
    source.open();

    const like: LiveEvent = { type: 'like', profile: 3, by_me: false };
    source.send('like', JSON.stringify(like));
    source.send('chats', JSON.stringify({ type: 'chats' }));
    await settle();
    expect(onLike).toHaveBeenCalledExactlyOnceWith(like);
    expect(onChats).toHaveBeenCalledExactlyOnceWith({ type: 'chats' });
  });

  it('ignores an event of unknown shape with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { onLike } = renderProvider(true);
    FakeEventSource.all[0]!.send('like', JSON.stringify({ type: 'like', profile: 'x' }));
    FakeEventSource.all[0]!.send('like', 'not json');
    await settle();
    expect(onLike).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects after the browser gives up, waiting longer after each refusal', async () => {
    renderProvider(true);
    FakeEventSource.all[0]!.refuse();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(FakeEventSource.all).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.all).toHaveLength(2);

    FakeEventSource.all[1]!.refuse();
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(FakeEventSource.all).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.all).toHaveLength(3);

    // Once a stream opens, the next refusal starts from the short wait again.
    FakeEventSource.all[2]!.open();
    FakeEventSource.all[2]!.refuse();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.all).toHaveLength(4);
  });

  it('asks a new stream to catch up after the last event it had, and has the chats reloaded', async () => {
    const { onChats } = renderProvider(true);
    const first = FakeEventSource.all[0]!;
    first.open();
    const message = { id: 41, conversation: 7, from: 3, body: 'Hi', created_at: '2026-12-06T10:00:00.000Z' };
    first.send('message', JSON.stringify({ type: 'message', message }), '41');
    await settle();
    expect(onChats).not.toHaveBeenCalled();

    first.refuse();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const second = FakeEventSource.all[1]!;
    expect(second.url).toBe(`${EVENTS_PATH}?last_event_id=41`);
    second.open();
    await settle();
    expect(onChats).toHaveBeenCalledExactlyOnceWith({ type: 'chats' });
    // Reconnects the browser makes by itself carry Last-Event-ID already and reload nothing.
    second.open();
    await settle();
    expect(onChats).toHaveBeenCalledTimes(1);
  });

  it('closes the stream on logout', () => {
    const { rerender } = renderProvider(true);
    const source = FakeEventSource.all[0]!;
    source.open();
    rerender(false);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('drops a pending reconnect on logout', async () => {
    const { rerender } = renderProvider(true);
    FakeEventSource.all[0]!.refuse();
    rerender(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
