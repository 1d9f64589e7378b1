import type { Db } from './database.js';

/** Which of `ids` the member liked: one primary-key range read, so search and member pages can afford it. */
export async function likedAmong(db: Db, memberId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('profile_id')
    .where('member_id', '=', memberId)
    .where('profile_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.profile_id));
}
