import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNewBuildDeployed, watchForNewBuild } from './build-check';

/** A server whose deployed build is `deployed`, answering its meta only for that build. */
function server(deployed: string) {
  const build = { id: deployed, timestamp: '2026-11-25T20:00:00.000Z' };
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url === '/builds/latest.json' || url === `/builds/meta/${deployed}.json`) return Response.json(build);
    return new Response('Not found', { status: 404 });
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('noticing a deployment (spec §7)', () => {
  afterEach(() => vi.useRealTimers());

  it('tells a new build apart from the page’s own, and only when its meta answers', async () => {
    expect(await isNewBuildDeployed('b-1', server('b-1').fetchImpl)).toBe(false);
    const deployed = server('b-2');
    expect(await isNewBuildDeployed('b-1', deployed.fetchImpl)).toBe(true);
    expect(deployed.calls).toEqual(['/builds/latest.json', '/builds/meta/b-2.json']);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await isNewBuildDeployed('b-1', offline)).toBe(false);
  });

  it('asks when the tab comes back and on its interval, and tells once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const current = server('b-1');
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild(onNewBuild, { current: 'b-1', intervalMs: 1000, fetchImpl: current.fetchImpl });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(current.calls).toContain('/builds/latest.json'));
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();

    const deployed = server('b-2');
    watchForNewBuild(onNewBuild, { current: 'b-1', intervalMs: 1000, fetchImpl: deployed.fetchImpl });
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(onNewBuild).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event('focus'));
    expect(deployed.fetchImpl).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });
});
