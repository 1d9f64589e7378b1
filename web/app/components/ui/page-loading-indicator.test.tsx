import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { Link, Outlet, createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import {
  LOADING_DURATION_MS,
  LOADING_HIDE_DELAY_MS,
  LOADING_RESET_DELAY_MS,
  LOADING_THROTTLE_MS,
  PageLoadingIndicator,
  estimateProgress,
  useLoadingProgress,
} from './page-loading-indicator';

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the loading timings', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('use the constants of spec §9', () => {
    expect([LOADING_THROTTLE_MS, LOADING_DURATION_MS, LOADING_HIDE_DELAY_MS, LOADING_RESET_DELAY_MS]).toEqual([
      200, 2000, 500, 400,
    ]);
  });

  it('estimate progress that slows down and never completes by itself', () => {
    expect(estimateProgress(0)).toBe(0);
    expect(estimateProgress(LOADING_DURATION_MS)).toBeCloseTo(70.5, 0);
    expect(estimateProgress(60_000)).toBeLessThan(100);
  });

  it('show nothing for a navigation shorter than the throttle', () => {
    const { result, rerender } = renderHook(({ active }) => useLoadingProgress(active), {
      initialProps: { active: false },
    });
    rerender({ active: true });
    wait(LOADING_THROTTLE_MS - 1);
    expect(result.current.visible).toBe(false);
    rerender({ active: false });
    wait(5000);
    expect(result.current).toMatchObject({ visible: false, progress: 0 });
  });

  it('show, progress, fill, hide and reset for a slow navigation', () => {
    const { result, rerender } = renderHook(({ active }) => useLoadingProgress(active), {
      initialProps: { active: false },
    });
    rerender({ active: true });
    wait(LOADING_THROTTLE_MS - 1);
    expect(result.current.visible).toBe(false);
    wait(1);
    expect(result.current).toMatchObject({ visible: true, progress: 0 });

    wait(LOADING_DURATION_MS);
    expect(result.current.progress).toBeGreaterThan(60);
    expect(result.current.progress).toBeLessThan(80);

    rerender({ active: false });
    expect(result.current).toMatchObject({ visible: true, progress: 100 });
    wait(LOADING_HIDE_DELAY_MS - 1);
    expect(result.current.visible).toBe(true);
    wait(1);
    expect(result.current).toMatchObject({ visible: false, progress: 100 });
    wait(LOADING_RESET_DELAY_MS);
    expect(result.current).toMatchObject({ visible: false, progress: 0, phase: 'idle' });
  });
});

describe('PageLoadingIndicator', () => {
  beforeEach(() => {
    // Timers only: React and the router keep their own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears only when a navigation takes longer than 200 ms, then goes away', async () => {
    let finish: () => void = () => {};
    const Stub = createRoutesStub([
      {
        id: 'root',
        Component: () => (
          <>
            <PageLoadingIndicator />
            <Link to="/slow">Slow page</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/', Component: () => <p>Home</p> },
          {
            path: '/slow',
            loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))),
            Component: () => <p>Slow page loaded</p>,
          },
        ],
      },
    ]);
    renderWithI18n(<Stub />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Slow page' }));
    });
    wait(LOADING_THROTTLE_MS - 1);
    expect(screen.queryByRole('progressbar')).toBeNull();
    wait(1);
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    wait(1000);
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);

    await act(async () => finish());
    expect(screen.getByText('Slow page loaded')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    wait(LOADING_HIDE_DELAY_MS + LOADING_RESET_DELAY_MS);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
