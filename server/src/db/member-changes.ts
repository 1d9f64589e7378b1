import type { Db } from './database.js';
import type { MemberStatus } from './schema.js';

/**
 * Columns to set with any change other members can see (status, profile fields, photos): its
 * time is how every server node learns to read the member again (watchMemberChanges).
 */
export function seenChange(now = Date.now()) {
  return { changed_at: now };
}

/** A change of status, which others always see (a deleted or banned member leaves search). */
export function statusChange(status: MemberStatus, now = Date.now()) {
  return { status, ...seenChange(now) };
}

/** How often each node asks what changed; a banned member vanishes, an edit shows, within this. */
export const CHANGE_POLL_INTERVAL_MS = 1_000;
/**
 * How far back each poll looks past the newest change it saw: a transaction that stamped its
 * change earlier may commit after a later one, and nodes' clocks differ a little.
 */
const CHANGE_POLL_OVERLAP_MS = 10_000;

/**
 * Calls `onChanged` with the members changed since the watch began, on whichever node the change
 * was made. A member may be reported more than once, so callers should only forget what they hold.
 */
export function watchMemberChanges(
  db: Db,
  onChanged: (ids: number[]) => void,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop(): void } {
  let newest = Date.now();
  let running: Promise<void> | undefined;

  async function read() {
    const rows = await db
      .selectFrom('members')
      .select(['id', 'changed_at'])
      .where('changed_at', '>=', newest - CHANGE_POLL_OVERLAP_MS)
      .execute();
    // Never past this node's own clock: a node whose clock runs ahead must not hide the changes
    // others stamp meanwhile; its own rows are only seen again until this clock catches up.
    const now = Date.now();
    for (const row of rows) newest = Math.max(newest, Math.min(row.changed_at ?? 0, now));
    if (rows.length > 0) onChanged(rows.map((row) => row.id));
  }

  // A slow read is never overlapped by the next tick's.
  const poll = () => {
    running ??= read()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(poll, options.intervalMs ?? CHANGE_POLL_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
