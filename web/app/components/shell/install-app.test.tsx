import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../lib/install-prompt';
import { renderWithI18n, testI18n } from '../../test/render';
import { InstallApp } from './install-app';

const t = testI18n.t;

/** What Chromium fires when the site can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe('installing the app (issue 17)', () => {
  beforeAll(() => captureInstallPrompt());
  afterEach(() => vi.unstubAllGlobals());

  it('offers nothing until the browser says the app can be installed, then its own dialog, once', async () => {
    renderWithI18n(<InstallApp />);
    expect(screen.queryByRole('button', { name: t('install.button') })).toBeNull();

    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: t('install.button') }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // The browser's offer is used up: the button goes until the browser offers again.
    await waitFor(() => expect(screen.queryByRole('button', { name: t('install.button') })).toBeNull());
  });

  it('explains the steps in Safari on an iPhone, where browsers offer no dialog', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1',
      maxTouchPoints: 5,
    });
    renderWithI18n(<InstallApp />);
    await userEvent.click(screen.getByRole('button', { name: t('install.button') }));
    const dialog = screen.getByRole('dialog', { name: t('install.ios_title') });
    expect(dialog.textContent).toContain(t('install.ios_add'));
  });
});
