import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n, testI18n } from '../../test/render';
import { OfflineBanner } from './offline-banner';

const t = testI18n.t;

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner (docs/decisions/020)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the app is offline while the network is gone, and goes when it returns', () => {
    renderWithI18n(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    goOffline(true);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain(t('offline.title'));
    expect(banner.textContent).toContain(t('offline.banner'));

    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
