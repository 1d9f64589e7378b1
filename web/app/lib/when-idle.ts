/**
 * Runs `work` once the browser has nothing more urgent to do (the page hydrated, painted and
 * answered its first taps), at the latest after `timeoutMs`; returns the cancel. What a page
 * does for later (the rest of the catalogue, the offline copy of the chats) waits for this, so
 * it never lengthens the tasks that make the page slow to answer a first tap.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}
