import type { Db } from '../../db/database.js';
import { GONE_STATUSES } from '../../db/schema.js';

export function createMediaRepository(db: Db) {
  return {
    /** Whether the file is a photo or thumbnail of a member who is not gone. */
    async isShown(name: string): Promise<boolean> {
      const row = await db
        .selectFrom('member_images')
        .innerJoin('members', 'members.id', 'member_images.member_id')
        .select('member_images.id')
        .where((eb) => eb.or([eb('member_images.filename', '=', name), eb('member_images.thumb_filename', '=', name)]))
        .where('members.status', 'not in', GONE_STATUSES)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
