import type { Db } from '../../db/database.js';
import { GONE_STATUSES } from '../../db/schema.js';

/** Who may have a photo file (anyone, only its member while it waits for review, or nobody) and since when. */
export type MediaAudience = (({ everyone: true } | { everyone: false; memberId: number }) & { since: number }) | null;

export function createMediaRepository(db: Db) {
  return {
    /**
     * Who may see the file and since when: a photo or thumbnail of a member who is not gone is
     * everyone's, unless it waits for a moderator's review before publication, when it is its
     * member's alone; null when it is no such file. Demo avatars are shared, hence the earliest.
     */
    async audienceOf(name: string): Promise<MediaAudience> {
      const row = await db
        .selectFrom('member_images')
        .innerJoin('members', 'members.id', 'member_images.member_id')
        .select((eb) => [
          eb.fn.min('member_images.created_at').as('created_at'),
          eb.fn.min('member_images.member_id').as('member_id'),
          eb.fn.max('member_images.in_review').as('in_review'),
        ])
        .where((eb) => eb.or([eb('member_images.filename', '=', name), eb('member_images.thumb_filename', '=', name)]))
        .where('members.status', 'not in', GONE_STATUSES)
        .executeTakeFirst();
      if (row?.created_at == null) return null;
      const since = Number(row.created_at);
      // A photo in review is a fresh upload of one member's: its file is never shared.
      return Number(row.in_review) === 1
        ? { since, everyone: false, memberId: Number(row.member_id) }
        : { since, everyone: true };
    },
  };
}
