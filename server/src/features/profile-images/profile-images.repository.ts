import type { Db } from '../../db/database.js';

export interface StoredImageFiles {
  filename: string;
  thumb_filename: string;
}

/** Every query is scoped by the session's member id. */
export function createProfileImagesRepository(db: Db) {
  return {
    async countFor(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('member_images')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Appends an image to the member's list and makes it the main image when they have none,
     * in one transaction. Returns null, adding nothing, when the member already has `maxCount`.
     */
    async add(
      memberId: number,
      files: StoredImageFiles,
      maxCount: number,
    ): Promise<{ id: number; mainImageId: number } | null> {
      return db.transaction().execute(async (trx) => {
        // Writing the member row first takes its lock on PostgreSQL until commit, so two uploads
        // of one member cannot both pass the count below (SQLite has a single writer anyway).
        const member = await trx
          .updateTable('members')
          .set((eb) => ({ main_image_id: eb.ref('main_image_id') }))
          .where('id', '=', memberId)
          .returning('main_image_id')
          .executeTakeFirstOrThrow();
        const existing = await trx
          .selectFrom('member_images')
          .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow();
        if (Number(existing.count) >= maxCount) return null;

        const { id } = await trx
          .insertInto('member_images')
          .values({
            member_id: memberId,
            ...files,
            // After the last one rather than at the count, so a gap left by a removed image never doubles a position.
            position: existing.last === null ? 0 : Number(existing.last) + 1,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (member.main_image_id !== null) return { id, mainImageId: member.main_image_id };
        await trx.updateTable('members').set({ main_image_id: id }).where('id', '=', memberId).execute();
        return { id, mainImageId: id };
      });
    },
  };
}

export type ProfileImagesRepository = ReturnType<typeof createProfileImagesRepository>;
