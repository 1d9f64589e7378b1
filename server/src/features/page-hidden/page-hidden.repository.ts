import type { Db } from '../../db/database.js';
import { touchActivity } from '../../db/search-rank.js';

export function createPageHiddenRepository(db: Db) {
  return {
    /** The member was last seen now; a write closer than `precisionMs` to the last one is skipped. */
    async markLastSeen(memberId: number, precisionMs: number, now = Date.now()): Promise<void> {
      await touchActivity(db, memberId, now, precisionMs);
    },
  };
}
