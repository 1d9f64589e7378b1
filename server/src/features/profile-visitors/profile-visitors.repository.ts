import { PROFILE_VISITS_KEPT_DAYS, type ProfileVisitor } from '@rendezvous/contract';
import { blockedEitherWay, isBlockedEitherWay } from '../../db/blocks.js';
import type { Db } from '../../db/database.js';
import { REACHABLE_STATUSES, type MemberRow } from '../../db/schema.js';
import { ageOn } from '../../lib/age.js';
import { DAY_MS } from '../../lib/time.js';

const KEPT_MS = PROFILE_VISITS_KEPT_DAYS * DAY_MS;

/** Profile visits: recorded by the member page, read by the member whose profile it was. */
export function createProfileVisitorsRepository(db: Db) {
  return {
    /**
     * Records that `viewer` opened `viewedId`'s profile, once per UTC day (the latest time kept),
     * and forgets that profile's visits older than the kept days. Nothing is recorded for one's
     * own profile, a persona's or another site's, between members blocked either way, or while the
     * viewer turned their trace off, hides from search or has not confirmed their address.
     */
    async record(viewer: MemberRow, viewedId: number, now: number): Promise<boolean> {
      const traceless = viewer.leaves_visit_trace === 0 || viewer.hidden_from_search === 1;
      if (viewer.id === viewedId || traceless || viewer.status !== 'active') return false;
      const viewed = await db
        .selectFrom('members')
        .select('id')
        .where('id', '=', viewedId)
        .where('site_id', '=', viewer.site_id)
        .where('status', 'in', REACHABLE_STATUSES)
        .where('fictional', '=', 0)
        .executeTakeFirst();
      if (!viewed || (await isBlockedEitherWay(db, viewer.id, viewedId))) return false;
      const day = new Date(now).toISOString().slice(0, 10);
      await db
        .insertInto('profile_views')
        .values({ viewed_id: viewedId, viewer_id: viewer.id, day, viewed_at: now })
        .onConflict((conflict) => conflict.columns(['viewed_id', 'viewer_id', 'day']).doUpdateSet({ viewed_at: now }))
        .execute();
      await db
        .deleteFrom('profile_views')
        .where('viewed_id', '=', viewedId)
        .where('viewed_at', '<', now - KEPT_MS)
        .execute();
      return true;
    },

    async setLeavesTrace(memberId: number, leavesTrace: boolean): Promise<void> {
      await db
        .updateTable('members')
        .set({ leaves_visit_trace: leavesTrace ? 1 : 0 })
        .where('id', '=', memberId)
        .execute();
    },

    /**
     * Who opened the member's profile in the kept days, newest first, at most `limit` (null: all),
     * and how many more there are. Visitors who are gone, blocked either way or now hide from
     * search are left out.
     */
    async visitors(
      memberId: number,
      limit: number | null,
      now: number,
    ): Promise<{ visitors: ProfileVisitor[]; total: number }> {
      const blocked = [...(await blockedEitherWay(db, memberId))];
      let query = db
        .selectFrom('profile_views as v')
        .innerJoin('members as m', 'm.id', 'v.viewer_id')
        .where('v.viewed_id', '=', memberId)
        .where('v.viewed_at', '>=', now - KEPT_MS)
        .where('m.status', 'in', REACHABLE_STATUSES)
        .where('m.hidden_from_search', '=', 0);
      if (blocked.length > 0) query = query.where('v.viewer_id', 'not in', blocked);
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let rows = query
        .leftJoin('member_images as image', 'image.id', 'm.main_image_id')
        .select(['m.id', 'm.name', 'm.date_of_birth', 'm.city', 'image.thumb_filename', 'v.viewed_at'])
        .orderBy('v.viewed_at', 'desc')
        .orderBy('v.viewer_id');
      if (limit !== null) rows = rows.limit(limit);
      const today = new Date(now);
      return {
        total: Number(total),
        visitors: (await rows.execute()).map((row) => ({
          id: row.id,
          name: row.name,
          age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
          city: row.city,
          main_image: row.thumb_filename ? { thumb_filename: row.thumb_filename } : null,
          viewed_at: new Date(Number(row.viewed_at)).toISOString(),
        })),
      };
    },
  };
}
