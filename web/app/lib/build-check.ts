import { buildMetaPath, LATEST_BUILD_PATH, type BuildInfo } from '@rendezvous/contract';
import { MINUTE_MS } from './constants';

/** How often an open tab asks which build is deployed, besides whenever it comes back into view. */
export const BUILD_CHECK_INTERVAL_MS = 5 * MINUTE_MS;

declare global {
  interface Window {
    /** React Router's client manifest; its version is this page's build. */
    __reactRouterManifest?: { version: string };
  }
}

export const currentBuildId = (): string | undefined => window.__reactRouterManifest?.version;

async function readBuild(fetchImpl: typeof fetch, path: string): Promise<BuildInfo | null> {
  try {
    const response = await fetchImpl(path, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<BuildInfo> | null;
    return typeof body?.id === 'string' && typeof body.timestamp === 'string' ? (body as BuildInfo) : null;
  } catch {
    // Offline or a server in the middle of a restart: the next check asks again.
    return null;
  }
}

/**
 * Spec §7: whether another build than this page's is deployed. Its meta must answer too, so a tab
 * is not told about a deployment that is not complete (or a node that answers for an older one).
 */
export async function isNewBuildDeployed(current: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const latest = await readBuild(fetchImpl, LATEST_BUILD_PATH);
  if (!latest || latest.id === current) return false;
  return (await readBuild(fetchImpl, buildMetaPath(latest.id)))?.id === latest.id;
}

/**
 * Asks whenever the tab comes back into view and every {@link BUILD_CHECK_INTERVAL_MS}, and tells
 * `onNewBuild` once. Answers a function that stops watching.
 */
export function watchForNewBuild(
  onNewBuild: () => void,
  {
    current = currentBuildId(),
    intervalMs = BUILD_CHECK_INTERVAL_MS,
    fetchImpl = fetch,
  }: { current?: string | undefined; intervalMs?: number; fetchImpl?: typeof fetch } = {},
): () => void {
  if (!current) return () => {};
  let stopped = false;
  let checking = false;

  const check = async () => {
    if (stopped || checking || document.visibilityState === 'hidden') return;
    checking = true;
    try {
      if ((await isNewBuildDeployed(current, fetchImpl)) && !stopped) {
        stop();
        onNewBuild();
      }
    } finally {
      checking = false;
    }
  };
  const onVisible = () => void check();
  const timer = setInterval(onVisible, intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);

  function stop() {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  }
  return stop;
}
