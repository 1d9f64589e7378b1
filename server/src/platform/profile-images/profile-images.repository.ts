import type { Db } from '../../db/database.js';
import { seenChange } from '../../db/member-changes.js';
import type { MemberRow } from '../../db/schema.js';
import { refreshSearchRank } from '../../db/search-rank.js';
import { queuePhotoReview, withdrawPhotoReview } from '../moderation/profile-review.js';

export interface StoredImageFiles {
  filename: string;
  thumb_filename: string;
}

/**
 * Runs inside a change's transaction once the change is made, so what it writes (the console's
 * audit row) exists exactly when the change does.
 */
export type AlongWithChange = (trx: Db) => Promise<void>;

/** A new photo's review (docs/decisions/022): its site, and whether others wait for the decision. */
export interface PhotoReview {
  siteId: number;
  held: boolean;
}

/**
 * Marks the member changed and returns their main image. Writing the member row first takes its
 * lock on PostgreSQL until commit, so one member's image changes run one after another (SQLite
 * has a single writer anyway): two uploads cannot both pass the count, nor a removal race a reorder.
 */
async function lockMemberImages(trx: Db, memberId: number): Promise<{ main_image_id: number | null }> {
  return trx
    .updateTable('members')
    .set((eb) => ({ main_image_id: eb.ref('main_image_id'), ...seenChange() }))
    .where('id', '=', memberId)
    .returning('main_image_id')
    .executeTakeFirstOrThrow();
}

/**
 * Removes one of the member's images in the caller's transaction; when it was the main one, the
 * first remaining image others may see takes its place. Returns null, touching nothing, when the
 * member has no image with that id; else the removed row's files that no other row shows. A
 * moderator's removal (console-moderation) keeps those files as the decision's evidence.
 */
export async function removeMemberImage(
  trx: Db,
  memberId: number,
  imageId: number,
): Promise<{ filename: string; thumb_filename: string; unusedFiles: string[] } | null> {
  const member = await lockMemberImages(trx, memberId);
  const image = await trx
    .deleteFrom('member_images')
    .where('id', '=', imageId)
    .where('member_id', '=', memberId)
    .returning(['filename', 'thumb_filename'])
    .executeTakeFirst();
  if (!image) return null;

  if (member.main_image_id === imageId) {
    const next = await trx
      .selectFrom('member_images')
      .select('id')
      .where('member_id', '=', memberId)
      .where('in_review', '=', 0)
      .orderBy('position')
      .executeTakeFirst();
    await trx
      .updateTable('members')
      .set({ main_image_id: next?.id ?? null })
      .where('id', '=', memberId)
      .execute();
    if (!next) await refreshSearchRank(trx, memberId);
  }
  const names = [image.filename, image.thumb_filename];
  const stillUsed = await trx
    .selectFrom('member_images')
    .select(['filename', 'thumb_filename'])
    .where((eb) => eb.or([eb('filename', 'in', names), eb('thumb_filename', 'in', names)]))
    .execute();
  const kept = new Set(stillUsed.flatMap((row) => [row.filename, row.thumb_filename]));
  return { ...image, unusedFiles: names.filter((name) => !kept.has(name)) };
}

/**
 * A member's photos: the members' own (features/profile-images, scoped by the session's member)
 * and the console's personas (features/console-personas) share it. Every query is scoped by the
 * member id the caller vouches for.
 */
export function createProfileImagesRepository(db: Db) {
  return {
    /** The member's row as it is now: a change may have moved the main image. */
    member(memberId: number): Promise<MemberRow> {
      return db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
    },

    async inReview(memberId: number, imageId: number): Promise<boolean> {
      const row = await db
        .selectFrom('member_images')
        .select('id')
        .where('id', '=', imageId)
        .where('member_id', '=', memberId)
        .where('in_review', '=', 1)
        .executeTakeFirst();
      return Boolean(row);
    },

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
     * With a `review` the photo is filed for a moderator in the same transaction; a held one is
     * hidden from others and never made the main photo until approved.
     */
    async add(
      memberId: number,
      files: StoredImageFiles,
      maxCount: number,
      along?: AlongWithChange,
      review?: PhotoReview,
    ): Promise<{ id: number; mainImageId: number | null } | null> {
      return db.transaction().execute(async (trx) => {
        const member = await lockMemberImages(trx, memberId);
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
            in_review: review?.held ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await along?.(trx);
        if (review) {
          await queuePhotoReview(trx, {
            siteId: review.siteId,
            memberId,
            imageId: id,
            filename: files.filename,
            thumbFilename: files.thumb_filename,
            held: review.held,
          });
        }
        if (member.main_image_id !== null || review?.held) return { id, mainImageId: member.main_image_id };
        await trx.updateTable('members').set({ main_image_id: id }).where('id', '=', memberId).execute();
        // A first photo moves the member up the search order at once, not at their next visit.
        await refreshSearchRank(trx, memberId);
        return { id, mainImageId: id };
      });
    },

    /**
     * Removes one of the member's images; when it was the main one, the first remaining image
     * others may see takes its place. Returns null, touching nothing, when the member has no image
     * with that id. `unusedFiles` are the removed row's files that no other row shows (demo
     * profiles share avatar files), for the caller to delete from the media store.
     */
    async remove(
      memberId: number,
      imageId: number,
      along?: AlongWithChange,
    ): Promise<{ unusedFiles: string[] } | null> {
      return db.transaction().execute(async (trx) => {
        const removed = await removeMemberImage(trx, memberId, imageId);
        if (!removed) return null;
        await withdrawPhotoReview(trx, imageId);
        await along?.(trx);
        return removed;
      });
    },

    /**
     * Puts the member's images in the order of `ids`, which must name each of them exactly once;
     * false, changing nothing, otherwise (a photo added or removed in another tab meanwhile).
     */
    async reorder(memberId: number, ids: readonly number[], along?: AlongWithChange): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockMemberImages(trx, memberId);
        const owned = await trx.selectFrom('member_images').select('id').where('member_id', '=', memberId).execute();
        const named = new Set(ids);
        if (named.size !== ids.length || owned.length !== ids.length || !owned.every((row) => named.has(row.id))) {
          return false;
        }
        for (const [position, id] of ids.entries()) {
          await trx
            .updateTable('member_images')
            .set({ position })
            .where('id', '=', id)
            .where('member_id', '=', memberId)
            .execute();
        }
        await along?.(trx);
        return true;
      });
    },

    /** Makes one of the member's images the main one; false, changing nothing, when it is not theirs. */
    async setMain(memberId: number, imageId: number, along?: AlongWithChange): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Ownership is checked in the update itself, never in an earlier read the client could race.
        const result = await trx
          .updateTable('members')
          .set({ main_image_id: imageId, ...seenChange() })
          .where('id', '=', memberId)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('member_images')
                .select('member_images.id')
                .where('member_images.id', '=', imageId)
                .where('member_images.member_id', '=', memberId)
                // Others would see the main photo: one waiting for review cannot be it.
                .where('member_images.in_review', '=', 0),
            ),
          )
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) > 0;
        if (changed) await along?.(trx);
        return changed;
      });
    },
  };
}

export type ProfileImagesRepository = ReturnType<typeof createProfileImagesRepository>;
