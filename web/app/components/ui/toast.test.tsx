import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger({ toast }: { toast: ToastOptions }) {
  const { show } = useToast();
  return (
    <button type="button" onClick={() => show(toast)}>
      Notify
    </button>
  );
}

function renderToast(toast: ToastOptions) {
  renderWithI18n(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears as a status message with its title and text', () => {
    renderToast({ title: 'Saved', message: 'Your changes have been saved.' });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Saved');
    expect(toast.textContent).toContain('Your changes have been saved.');
    expect(screen.getByRole('region', { name: 'Messages' })).toBeTruthy();
  });

  it('goes away by itself after 5000 ms (spec §9)', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    renderToast({ message: 'Saved' });
    wait(4999);
    expect(screen.getByRole('status')).toBeTruthy();
    wait(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be closed before that', () => {
    renderToast({ message: 'Saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the remaining time and stops the clock while the pointer is on it', () => {
    renderToast({ message: 'Saved', countdown: true });
    const toast = screen.getByRole('status');
    const bar = toast.querySelector('.toast-countdown');
    expect(bar).not.toBeNull();

    wait(3000);
    fireEvent.pointerEnter(toast);
    expect(bar?.classList.contains('is-paused')).toBe(true);
    wait(10_000);
    expect(screen.getByRole('status')).toBeTruthy();

    fireEvent.pointerLeave(toast);
    expect(bar?.classList.contains('is-paused')).toBe(false);
    // The 2000 ms that were left when the pointer arrived.
    wait(1999);
    expect(screen.getByRole('status')).toBeTruthy();
    wait(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a danger toast as an alert', () => {
    renderToast({
      title: 'Error',
      message: 'Cannot start chat, try again later or contact customer support',
      variant: 'danger',
    });
    expect(screen.getByRole('alert').textContent).toContain('Cannot start chat');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stacks several toasts and honours a custom duration', () => {
    renderWithI18n(
      <ToastProvider>
        <Trigger toast={{ message: 'First', durationMs: 1000 }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    wait(500);
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(screen.getAllByRole('status')).toHaveLength(2);
    wait(500);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
