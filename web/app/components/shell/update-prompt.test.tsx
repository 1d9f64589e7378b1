import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING_MESSAGE } from '../../lib/worker-protocol';
import { fakeServiceWorkers, forgetServiceWorkers } from '../../test/fake-service-workers';
import { renderWithI18n, testI18n } from '../../test/render';
import { UpdatePrompt } from './update-prompt';

const t = testI18n.t;

describe('UpdatePrompt (spec §4 need-refresh)', () => {
  // Development builds register no worker for every visitor; this is the production behaviour.
  beforeEach(() => vi.stubEnv('DEV', false));
  afterEach(() => {
    vi.unstubAllEnvs();
    forgetServiceWorkers();
  });

  it('announces a waiting version and, on reload, asks it to take over', async () => {
    const browser = fakeServiceWorkers({ controlled: true });
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<UpdatePrompt />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: t('app_update.available') })).toBeNull();

    const next = browser.deploy();
    const prompt = await screen.findByRole('region', { name: t('app_update.available') });
    // Keyboard first: the reload button is the first stop.
    await user.tab();
    const reload = within(prompt).getByRole('button', { name: t('app_update.reload') });
    expect(document.activeElement).toBe(reload);
    await user.keyboard('{Enter}');
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload.getAttribute('aria-busy')).toBe('true');
  });

  it('goes away for now when the member chooses later', async () => {
    const browser = fakeServiceWorkers({ controlled: true });
    renderWithI18n(<UpdatePrompt />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    const next = browser.deploy();

    const prompt = await screen.findByRole('region', { name: t('app_update.available') });
    await userEvent.click(within(prompt).getByRole('button', { name: t('app_update.dismiss') }));
    expect(screen.queryByRole('region', { name: t('app_update.available') })).toBeNull();
    expect(next.postMessage).not.toHaveBeenCalled();
  });

  it('says nothing on a first visit, when the first version installs', async () => {
    const browser = fakeServiceWorkers({ controlled: false });
    renderWithI18n(<UpdatePrompt />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    browser.deploy();
    expect(screen.queryByRole('region', { name: t('app_update.available') })).toBeNull();
  });

  it('announces a deployment it learns of by asking, where no worker told it', async () => {
    window.__reactRouterManifest = { version: 'build-1' };
    const build = { id: 'build-2', timestamp: '2026-11-25T21:00:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(build)),
    );
    try {
      renderWithI18n(<UpdatePrompt />);
      expect(screen.queryByRole('region', { name: t('app_update.available') })).toBeNull();
      window.dispatchEvent(new Event('focus'));
      expect(await screen.findByRole('region', { name: t('app_update.available') })).toBeTruthy();
      expect(fetch).toHaveBeenCalledWith('/builds/meta/build-2.json', expect.anything());
    } finally {
      vi.unstubAllGlobals();
      delete window.__reactRouterManifest;
    }
  });
});
