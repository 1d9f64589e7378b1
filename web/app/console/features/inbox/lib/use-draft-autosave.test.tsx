import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { fakeApi, json } from '../../../../test/fake-api';
import { DRAFT_SAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave';

const DRAFT_PATH = '/api/console/inbox/conversations/12/draft';

let visibility: DocumentVisibilityState = 'visible';

function renderAutosave() {
  const queryClient = createQueryClient(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDraftAutosave(12, ''), { wrapper });
}

function fakeDraftApi() {
  const api = fakeApi({
    [`PUT ${DRAFT_PATH}`]: ({ body }) =>
      json({ draft: { body: (body as { body: string }).body, updated_at: new Date().toISOString() } }),
  });
  /** The saves sent, with whether each may outlive the page. */
  const saves = () =>
    api.fetchMock.mock.calls.map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      keepalive: init?.keepalive ?? false,
    }));
  return { saves };
}

describe('the draft autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('saves after a pause in typing', () => {
    const { saves } = fakeDraftApi();
    const { result } = renderAutosave();

    act(() => result.current.changed('Dear'));
    act(() => result.current.changed('Dear Mia'));
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 1));
    expect(saves()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(saves()).toEqual([{ body: { body: 'Dear Mia' }, keepalive: false }]);
  });

  it.each([
    ['another browser tab is chosen', ['visibilitychange']],
    ['the page is reloaded or its tab closed', ['visibilitychange', 'pagehide']],
    ['the page goes into the back-forward cache', ['pagehide']],
  ])('saves what was typed at once, and once, when %s', (_case, events) => {
    const { saves } = fakeDraftApi();
    const { result } = renderAutosave();

    act(() => result.current.changed('Dear Mia'));
    visibility = 'hidden';
    act(() => {
      for (const type of events) (type === 'pagehide' ? window : document).dispatchEvent(new Event(type));
    });
    expect(saves()).toEqual([{ body: { body: 'Dear Mia' }, keepalive: true }]);

    // The pause's timer would have saved the same text: nothing more goes out.
    act(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(saves()).toHaveLength(1);
  });

  it('saves what was typed when the conversation is left for another', () => {
    const { saves } = fakeDraftApi();
    const { result, unmount } = renderAutosave();

    act(() => result.current.changed('Dear Mia'));
    unmount();
    expect(saves()).toEqual([{ body: { body: 'Dear Mia' }, keepalive: true }]);
  });

  it('sends nothing on leaving when the text was sent as a reply', () => {
    const { saves } = fakeDraftApi();
    const { result } = renderAutosave();

    act(() => result.current.changed('Dear Mia'));
    act(() => result.current.sent());
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(saves()).toEqual([]);
  });
});
