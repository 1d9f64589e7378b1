import type { Db } from '../../db/database.js';
import { GONE_STATUSES } from '../../db/schema.js';

export function createMediaRepository(db: Db) {
  return {
    /**
     * When the file was first added as a photo or thumbnail of a member who is not gone, or
     * undefined when it is no such file (demo avatars are shared, hence the earliest).
     */
    async shownSince(name: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('member_images')
        .innerJoin('members', 'members.id', 'member_images.member_id')
        .select((eb) => eb.fn.min('member_images.created_at').as('created_at'))
        .where((eb) => eb.or([eb('member_images.filename', '=', name), eb('member_images.thumb_filename', '=', name)]))
        .where('members.status', 'not in', GONE_STATUSES)
        .executeTakeFirst();
      return row?.created_at == null ? undefined : Number(row.created_at);
    },
  };
}
