import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServiceWorkers, forgetServiceWorkers } from '../test/fake-service-workers';
import { PUSH_WORKER_URL } from './push';
import { startServiceWorker } from './service-worker';
import { SKIP_WAITING_MESSAGE } from './worker-protocol';

const registered = (browser: ReturnType<typeof fakeServiceWorkers>) =>
  vi.waitFor(() => expect(browser.container.register).toHaveBeenCalled());

describe('startServiceWorker (spec §4)', () => {
  afterEach(forgetServiceWorkers);

  it('registers the push worker’s script and scope, so there is one registration', async () => {
    const browser = fakeServiceWorkers({ controlled: false });
    const handle = startServiceWorker({ onNeedRefresh: vi.fn() });
    await registered(browser);
    expect(browser.container.register).toHaveBeenCalledWith(PUSH_WORKER_URL, { scope: '/' });
    handle.stop();
  });

  it('lets a new version wait, activates it on request and reloads the page exactly once', async () => {
    const browser = fakeServiceWorkers({ controlled: true });
    const onNeedRefresh = vi.fn();
    const reload = vi.fn();
    const handle = startServiceWorker({ onNeedRefresh, reload });
    await registered(browser);

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
    const browser = fakeServiceWorkers({ controlled: false });
    const onNeedRefresh = vi.fn();
    const reload = vi.fn();
    const handle = startServiceWorker({ onNeedRefresh, reload });
    await registered(browser);

    browser.takeControl(browser.deploy());
    expect(onNeedRefresh).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    handle.stop();
  });
});
