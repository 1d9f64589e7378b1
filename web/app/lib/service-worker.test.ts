import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServiceWorkers, forgetServiceWorkers } from '../test/fake-service-workers';
import { PUSH_WORKER_URL } from './push';
import { startServiceWorker } from './service-worker';
import { SKIP_WAITING_MESSAGE } from './worker-protocol';

/** A page loaded with or without an older version serving it, once its worker is registered. */
async function started({ controlled }: { controlled: boolean }) {
  const browser = fakeServiceWorkers({ controlled });
  const onNeedRefresh = vi.fn();
  const onOfflineReady = vi.fn();
  const reload = vi.fn();
  const handle = startServiceWorker({ onNeedRefresh, onOfflineReady, reload });
  await vi.waitFor(() => expect(browser.container.register).toHaveBeenCalled());
  return { browser, onNeedRefresh, onOfflineReady, reload, handle };
}

describe('startServiceWorker (spec §4)', () => {
  afterEach(forgetServiceWorkers);

  it('registers the push worker’s script and scope, so there is one registration', async () => {
    const { browser, handle } = await started({ controlled: false });
    expect(browser.container.register).toHaveBeenCalledWith(PUSH_WORKER_URL, { scope: '/' });
    handle.stop();
  });

  it('lets a new version wait, activates it on request and reloads the page exactly once', async () => {
    const { browser, onNeedRefresh, reload, handle } = await started({ controlled: true });

    const next = browser.deploy();
    expect(onNeedRefresh).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();

    handle.activateUpdate();
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    browser.takeControl(next);
    // A second change (another tab's update, a quick redeploy) must not reload again.
    browser.container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    handle.stop();
  });

  it('installs quietly on a first visit: nothing to announce, nothing to reload', async () => {
    const { browser, onNeedRefresh, reload, handle } = await started({ controlled: false });

    browser.takeControl(browser.deploy());
    expect(onNeedRefresh).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    handle.stop();
  });

  it('is offline-ready once a version is active, and says so once', async () => {
    const first = await started({ controlled: false });
    expect(first.onOfflineReady).not.toHaveBeenCalled();
    first.browser.takeControl(first.browser.deploy());
    expect(first.onOfflineReady).toHaveBeenCalledOnce();
    first.handle.stop();
    forgetServiceWorkers();

    // A page an active version already serves is offline-ready at once; an update changes nothing.
    const later = await started({ controlled: true });
    await vi.waitFor(() => expect(later.onOfflineReady).toHaveBeenCalledOnce());
    later.browser.takeControl(later.browser.deploy());
    expect(later.onOfflineReady).toHaveBeenCalledOnce();
    later.handle.stop();
  });
});
