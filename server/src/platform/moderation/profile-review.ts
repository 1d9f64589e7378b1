import { profileReviewOf, type ModerationSetting, type ProfileReviewMode } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import { seenChange } from '../../db/member-changes.js';
import { addToModerationQueue, type NewModerationItem } from '../../db/moderation-queue.js';
import { refreshSearchRank } from '../../db/search-rank.js';
import { parsePersonal } from '../../lib/personal.js';

/**
 * Profile photos and about-me texts reviewed by a moderator (issue 18, docs/decisions/022). A site
 * reviews them `before` publication (others see nothing new until a moderator approves it),
 * `after` (shown at once, reviewed afterwards) or not at all. Each new photo and each changed text
 * is one item in the one queue; the member changing or removing it before the decision withdraws
 * the item, so a moderator never publishes something other than what they saw.
 */

/** How the member's site reviews profiles; null when it does not, or for a persona (staff write those). */
export function reviewModeFor(
  setting: ModerationSetting | undefined,
  member: { fictional: number },
): Exclude<ProfileReviewMode, 'off'> | null {
  if (member.fictional === 1) return null;
  const mode = profileReviewOf(setting);
  return mode === 'off' ? null : mode;
}

const reviewItem = (siteId: number, memberId: number, held: boolean) =>
  ({
    site_id: siteId,
    reported_member_id: memberId,
    held: held ? 1 : 0,
    location: null,
    conversation_id: null,
    category: null,
    explanation: null,
    reporter_member_id: null,
    reporter_name: null,
    reporter_email: null,
    reporter_language: null,
    appealed_decision_id: null,
    decision_id: null,
    flag_rule: null,
    message_id: null,
  }) satisfies Partial<NewModerationItem>;

/** Files a new photo for review, in the transaction that adds it. */
export async function queuePhotoReview(
  trx: Db,
  photo: { siteId: number; memberId: number; imageId: number; filename: string; thumbFilename: string; held: boolean },
): Promise<void> {
  await addToModerationQueue(trx, {
    ...reviewItem(photo.siteId, photo.memberId, photo.held),
    source: 'photo',
    subject: 'photo',
    image_id: photo.imageId,
    image_filename: photo.filename,
    image_thumb_filename: photo.thumbFilename,
  });
}

/** Closes a photo's open item: the member removed it before anyone decided. */
export async function withdrawPhotoReview(trx: Db, imageId: number): Promise<void> {
  await withdraw(
    trx,
    trx
      .selectFrom('moderation_items')
      .select('id')
      .where('source', '=', 'photo')
      .where('image_id', '=', imageId)
      .where('status', '=', 'open'),
  );
}

async function withdraw(trx: Db, open: { execute(): Promise<{ id: number }[]> }): Promise<void> {
  const ids = (await open.execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('moderation_claims').where('item_id', 'in', ids).execute();
  await trx
    .updateTable('moderation_items')
    .set({ status: 'withdrawn' })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

/** Closes the open items about these about-me fields of the member: their text changed or went. */
export async function withdrawTextReviews(trx: Db, memberId: number, fields: readonly string[]): Promise<void> {
  if (fields.length === 0) return;
  await withdraw(
    trx,
    trx
      .selectFrom('moderation_items')
      .select('id')
      .where('source', '=', 'text')
      .where('reported_member_id', '=', memberId)
      .where('text_field', 'in', fields)
      .where('status', '=', 'open'),
  );
}

/** Every open review item of the member, withdrawn with its text: the account is being erased. */
export async function withdrawAllReviews(trx: Db, memberId: number): Promise<void> {
  await withdraw(
    trx,
    trx
      .selectFrom('moderation_items')
      .select('id')
      .where('source', 'in', ['photo', 'text'])
      .where('reported_member_id', '=', memberId)
      .where('status', '=', 'open'),
  );
  await trx
    .updateTable('moderation_items')
    .set({ text_content: null, previous_text: null })
    .where('source', '=', 'text')
    .where('reported_member_id', '=', memberId)
    .where('status', '=', 'withdrawn')
    .execute();
}

export interface TextSave {
  /** What others see, and what waits for review, by field, after the save. */
  personal: Record<string, string>;
  personalInReview: Record<string, string>;
}

/**
 * Sorts a profile save's about-me texts by the site's review mode and files an item for each text
 * that changed. `personal` is the member's answers as they are to be saved, `before` what others
 * saw and `waiting` what waited for review until now; `notes` names the site's about-me fields,
 * whose texts alone are reviewed. Run in the transaction that stores the result.
 */
export async function reviewTexts(
  trx: Db,
  input: {
    siteId: number;
    memberId: number;
    mode: Exclude<ProfileReviewMode, 'off'> | null;
    notes: readonly string[];
    before: Record<string, string>;
    waiting: Record<string, string>;
    personal: Record<string, string>;
  },
): Promise<TextSave> {
  const { mode, before, personal } = input;
  const waiting = { ...input.waiting };
  const shown = { ...personal };
  const touched: string[] = [];
  const filed: { field: string; text: string }[] = [];
  for (const field of input.notes) {
    const text = personal[field];
    const isWaiting = Object.hasOwn(waiting, field);
    const seenByMember = isWaiting ? waiting[field] : before[field];
    if (text === seenByMember) {
      // Unchanged: a text still waiting stays waiting, and others keep seeing what they saw.
      if (isWaiting && before[field] !== undefined) shown[field] = before[field];
      else if (isWaiting) delete shown[field];
      continue;
    }
    touched.push(field);
    delete waiting[field];
    if (text === undefined || mode === null || text === before[field]) continue;
    filed.push({ field, text });
    if (mode === 'before') {
      waiting[field] = text;
      if (before[field] === undefined) delete shown[field];
      else shown[field] = before[field];
    }
  }
  await withdrawTextReviews(trx, input.memberId, touched);
  for (const { field, text } of filed) {
    await addToModerationQueue(trx, {
      ...reviewItem(input.siteId, input.memberId, mode === 'before'),
      source: 'text',
      subject: 'profile',
      text_field: field,
      text_content: text,
      previous_text: before[field] ?? '',
    });
  }
  return { personal: shown, personalInReview: waiting };
}

/** A review item as its decision needs it. */
export interface ReviewedItem {
  source: 'photo' | 'text';
  memberId: number;
  held: boolean;
  imageId: number | null;
  field: string | null;
  text: string | null;
}

/**
 * Publishes what the item is about: the photo is shown (and becomes the main one when the member
 * has none), the waiting text replaces the published one. Nothing to do for what was shown already.
 */
export async function publishReviewed(trx: Db, item: ReviewedItem, now: number): Promise<void> {
  if (item.source === 'photo' && item.imageId !== null) {
    const shown = await trx
      .updateTable('member_images')
      .set({ in_review: 0 })
      .where('id', '=', item.imageId)
      .where('member_id', '=', item.memberId)
      .where('in_review', '=', 1)
      .executeTakeFirst();
    if (Number(shown.numUpdatedRows) === 0) return;
    await trx
      .updateTable('members')
      .set((eb) => ({
        main_image_id: eb.fn.coalesce('main_image_id', eb.val(item.imageId)),
        ...seenChange(now),
      }))
      .where('id', '=', item.memberId)
      .execute();
    await refreshSearchRank(trx, item.memberId);
    return;
  }
  if (item.source === 'text' && item.held && item.field !== null && item.text !== null) {
    await changeTexts(trx, item.memberId, now, (personal, waiting) => {
      if (waiting[item.field!] !== item.text) return;
      personal[item.field!] = item.text!;
      delete waiting[item.field!];
    });
  }
}

/**
 * Takes what the item is about off the profile: the waiting text goes, or the published one when
 * it is still the reviewed text. A photo is removed by the caller (it needs the photo pipeline).
 */
export async function clearReviewedText(trx: Db, item: ReviewedItem, now: number): Promise<void> {
  if (item.source !== 'text' || item.field === null || item.text === null) return;
  await changeTexts(trx, item.memberId, now, (personal, waiting) => {
    if (waiting[item.field!] === item.text) delete waiting[item.field!];
    if (personal[item.field!] === item.text) delete personal[item.field!];
  });
}

async function changeTexts(
  trx: Db,
  memberId: number,
  now: number,
  change: (personal: Record<string, string>, waiting: Record<string, string>) => void,
): Promise<void> {
  const row = await trx
    .selectFrom('members')
    .select(['personal', 'personal_in_review'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) return;
  const personal = parsePersonal(row.personal);
  const waiting = parsePersonal(row.personal_in_review);
  change(personal, waiting);
  await trx
    .updateTable('members')
    .set({ personal: JSON.stringify(personal), personal_in_review: JSON.stringify(waiting), ...seenChange(now) })
    .where('id', '=', memberId)
    .execute();
}
