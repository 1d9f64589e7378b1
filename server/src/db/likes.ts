import type { Db } from './database.js';
import { precompiled } from './precompiled.js';

const likesAmong = precompiled((db: Db, memberId: number, ids: readonly number[]) =>
  db.selectFrom('likes').select('profile_id').where('member_id', '=', memberId).where('profile_id', 'in', ids),
);

/** Which of `ids` the member liked: one primary-key range read, so search and member pages can afford it. */
export async function likedAmong(db: Db, memberId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await likesAmong(db, memberId, ids);
  return new Set(rows.map((row) => row.profile_id));
}
