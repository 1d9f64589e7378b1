import { addToModerationQueue, type NewModerationItem } from '../../db/moderation-queue.js';
import type { Db } from '../../db/database.js';
import { UNCONFIRMED_STATUS } from '../../db/schema.js';

/** Blocks and reports; every block and every conversation read is by the session member's own id. */
export function createSafetyRepository(db: Db) {
  return {
    /**
     * Whether `profileId` is a member of the site someone can block or report: a gone member still
     * is (what they did stays on record); an unconfirmed one is reached by nobody.
     */
    async isMemberOfSite(siteId: number, profileId: number): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('id', '=', profileId)
        .where('site_id', '=', siteId)
        .where('status', '!=', UNCONFIRMED_STATUS)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The members `memberId` blocked, newest block first. */
    blockedBy(memberId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('blocks')
        .innerJoin('members', 'members.id', 'blocks.blocked_id')
        .select(['members.id', 'members.name'])
        .where('blocks.member_id', '=', memberId)
        .orderBy('blocks.created_at', 'desc')
        .orderBy('members.id', 'desc')
        .execute();
    },

    /** Blocks the other member; false when the member already had. */
    async block(memberId: number, otherId: number): Promise<boolean> {
      const result = await db
        .insertInto('blocks')
        .values({ member_id: memberId, blocked_id: otherId, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['member_id', 'blocked_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Takes the member's block back; false when there was none. */
    async unblock(memberId: number, otherId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('blocks')
        .where('member_id', '=', memberId)
        .where('blocked_id', '=', otherId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether the conversation is the member's own with `otherId`. */
    async isConversationBetween(memberId: number, conversationId: number, otherId: number): Promise<boolean> {
      const side = await db
        .selectFrom('conversation_members')
        .select('conversation_id')
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId)
        .where('other_id', '=', otherId)
        .executeTakeFirst();
      return Boolean(side);
    },

    /**
     * Puts the member's report in the one queue the operator reads (docs/decisions/008); the
     * reference stays internal, since the in-app report's answer does not carry it.
     */
    async report(memberId: number, item: Omit<NewModerationItem, 'source' | 'reporter_member_id'>): Promise<void> {
      await addToModerationQueue(db, { ...item, source: 'report', reporter_member_id: memberId });
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
