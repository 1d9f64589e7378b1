import type { Db } from '../../db/database.js';
import { GONE_STATUSES } from '../../db/schema.js';

/** Who may have a photo file: anyone, only its member (waiting for review), or nobody. */
export type MediaAudience = { everyone: true } | { everyone: false; memberId: number } | null;

export function createMediaRepository(db: Db) {
  return {
    /**
     * Who may see the file: a photo or thumbnail of a member who is not gone is everyone's, unless
     * it waits for a moderator's review before publication, when it is its member's alone.
     */
    async audienceOf(name: string): Promise<MediaAudience> {
      const row = await db
        .selectFrom('member_images')
        .innerJoin('members', 'members.id', 'member_images.member_id')
        .select(['member_images.member_id', 'member_images.in_review'])
        .where((eb) => eb.or([eb('member_images.filename', '=', name), eb('member_images.thumb_filename', '=', name)]))
        .where('members.status', 'not in', GONE_STATUSES)
        .executeTakeFirst();
      if (!row) return null;
      return row.in_review === 1 ? { everyone: false, memberId: row.member_id } : { everyone: true };
    },
  };
}
