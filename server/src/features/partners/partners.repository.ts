import type { Db } from '../../db/database.js';
import type { MemberTrackingTable } from '../../db/schema.js';

/** The traffic source a member came through, as a partner is told it. */
export type MemberTraffic = Pick<MemberTrackingTable, 'network' | 'ref' | 'sub1' | 'sub2' | 'sub3'>;

export function createPartnersRepository(db: Db) {
  return {
    /** The member's own traffic source; none for a member who came in directly. */
    trafficOf(memberId: number): Promise<MemberTraffic | undefined> {
      return db
        .selectFrom('member_tracking')
        .select(['network', 'ref', 'sub1', 'sub2', 'sub3'])
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },
  };
}
