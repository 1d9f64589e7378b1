import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageHiddenBeacon } from './use-page-hidden-beacon';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the page-hide beacon (spec §7)', () => {
  const sendBeacon = vi.fn((_url: string | URL, _body?: BodyInit | null) => true);

  beforeEach(() => {
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sendBeacon.mockClear();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('sends the empty JSON once per hide of a member page, also when the page is closed', async () => {
    renderHook(() => usePageHiddenBeacon(true));
    expect(sendBeacon).not.toHaveBeenCalled();

    // Closing a tab: hidden first, then pagehide. One beacon.
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/page-hidden.php');
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/json');
    expect(await (body as Blob).text()).toBe('{}');

    // Back to the tab, away again: the next hide is another visit ending.
    setVisibility('visible');
    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(2);

    // Restored from the back-forward cache and left again by pagehide alone.
    window.dispatchEvent(new Event('pageshow'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(3);
  });

  it('sends nothing for a visitor, nor after the page has gone', () => {
    const { rerender, unmount } = renderHook(({ loggedIn }) => usePageHiddenBeacon(loggedIn), {
      initialProps: { loggedIn: false },
    });
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();

    rerender({ loggedIn: true });
    setVisibility('visible');
    unmount();
    setVisibility('hidden');
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
