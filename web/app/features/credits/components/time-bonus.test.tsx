import type { DiscountCode } from '@rendezvous/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRoot, testI18n } from '../../../test/render';
import { TimeBonus } from './time-bonus';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const MINUTE = 60_000;

const welcome = (minutesLeft: number): DiscountCode => ({
  code: 'WELCOME-0A1B2C3D4E',
  kind: 'bonus',
  value: 20,
  purpose: 'welcome',
  valid_until: new Date(NOW + minutesLeft * MINUTE).toISOString(),
});

describe('the welcome bonus countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says what the bonus gives and how long it still runs, counting down to its end and then going away', () => {
    renderWithRoot(<TimeBonus code={welcome(72)} />);
    expect(screen.getByRole('status').textContent).toBe('Your welcome bonus: +20% credits, ends in 1 h 12 min');

    act(() => vi.advanceTimersByTime(13 * MINUTE));
    expect(screen.getByRole('status').textContent).toBe('Your welcome bonus: +20% credits, ends in 59 min');

    // The last seconds still count as a minute left, never as none.
    act(() => vi.advanceTimersByTime(58 * MINUTE + 30_000));
    expect(screen.getByRole('status').textContent).toBe('Your welcome bonus: +20% credits, ends in 1 min');

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing for an offer that has already ended', () => {
    renderWithRoot(<TimeBonus code={welcome(-1)} />);
    expect(screen.queryByText(testI18n.t('discounts.bonus', { value: 20 }), { exact: false })).toBeNull();
  });
});
