import { sql } from 'kysely';
import type { Db } from './database.js';
import { DAY_MS } from '../lib/time.js';

/** Above any day count until the year 2243, so every member with a photo ranks before any without. */
const PHOTO_BONUS = 100_000;

/**
 * The search order key: members with a photo first, then the most recently active, by day.
 * By day rather than by the millisecond so that paging through results is not reshuffled
 * every time someone on them clicks; id breaks ties.
 */
export function searchRank(hasPhoto: boolean, lastActiveAt: number): number {
  return (hasPhoto ? PHOTO_BONUS : 0) + Math.floor(lastActiveAt / DAY_MS);
}

/** Recomputes the key after a change of photo or activity. */
export async function refreshSearchRank(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable('members')
    .set({
      search_rank: sql<number>`(case when main_image_id is null then 0 else ${sql.lit(PHOTO_BONUS)} end) + (last_active_at / ${sql.lit(DAY_MS)})`,
    })
    .where('id', '=', memberId)
    .execute();
}

/** How stale last_active_at may get before a request updates it: one write per member per quarter hour. */
export const ACTIVITY_TOUCH_INTERVAL_MS = 15 * 60_000;

/** Records that the member is active now, at most once per interval. */
export async function touchActivity(
  db: Db,
  memberId: number,
  now = Date.now(),
  intervalMs = ACTIVITY_TOUCH_INTERVAL_MS,
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      last_active_at: now,
      search_rank: sql<number>`(case when main_image_id is null then 0 else ${sql.lit(PHOTO_BONUS)} end) + ${Math.floor(now / DAY_MS)}`,
    })
    .where('id', '=', memberId)
    .where('last_active_at', '<', now - intervalMs)
    .execute();
}
