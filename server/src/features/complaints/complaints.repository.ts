import type { Db } from '../../db/database.js';
import { addToModerationQueue, type NewModerationItem } from '../../db/moderation-queue.js';

/** The complaint form's reads and its one write, the moderation queue (docs/decisions/008). */
export function createComplaintsRepository(db: Db) {
  return {
    /** The member, when they are one of this site's; a gone member still is. */
    async memberOfSite(siteId: number, memberId: number): Promise<number | null> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('id', '=', memberId)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The conversation when it is the member's own (with `otherId`, when given), else null. */
    async ownConversation(memberId: number, conversationId: number, otherId: number | null): Promise<number | null> {
      let query = db
        .selectFrom('conversation_members')
        .select('conversation_id')
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId);
      if (otherId !== null) query = query.where('other_id', '=', otherId);
      return (await query.executeTakeFirst())?.conversation_id ?? null;
    },

    /** The decision of this site an appeal names by its reference, with the member it was about. */
    async decisionOf(siteId: number, reference: string) {
      return db
        .selectFrom('moderation_decisions')
        .select(['id', 'member_id'])
        .where('site_id', '=', siteId)
        .where('reference', '=', reference.trim().toUpperCase())
        .executeTakeFirst();
    },

    /** Files the notice or appeal and answers its reference. */
    file(item: NewModerationItem): Promise<string> {
      return addToModerationQueue(db, item);
    },
  };
}
