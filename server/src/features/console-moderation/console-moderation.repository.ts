import {
  MODERATION_CLAIM_IDLE_MS,
  PRIORITY_CATEGORIES,
  REVIEW_ACTIONS,
  isReviewSource,
  offeredReasons,
  VALIDATION,
  type ModerationAction,
  type ModerationClaim,
  type ModerationDecision,
  type ModerationItemDetail,
  type ModerationMessage,
  type ModerationQueueItem,
  type ModerationReason,
  type ModerationReview,
  type ModerationSource,
} from '@rendezvous/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { seenChange } from '../../db/member-changes.js';
import { liftRestriction, restrictMember } from '../../db/member-restrictions.js';
import { decisionOf, selectDecisions } from '../../db/moderation-decisions.js';
import { latestMessages, newModerationReference } from '../../db/moderation-queue.js';
import type { Database, MemberRow } from '../../db/schema.js';
import { AppError, invalidInput } from '../../errors.js';
import { parsePersonal } from '../../lib/personal.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { clearReviewedText, publishReviewed, type ReviewedItem } from '../../platform/moderation/profile-review.js';
import { removeMemberImage } from '../../platform/profile-images/profile-images.repository.js';
import { siteConfigOf } from '../../platform/sites/site-config.js';

export const claimedByOther = (holder?: { id: number; name: string }) =>
  new AppError(409, 'claimed_by_other', 'Someone else is deciding this item.', undefined, holder);
export const claimRequired = () => new AppError(409, 'claim_required', 'Take this item before you decide it.');
export const itemDecided = () => new AppError(409, 'item_decided', 'This item has been decided already.');
export const ownDecision = () =>
  new AppError(403, 'own_decision', 'An appeal is decided by someone other than who took the decision.');

/** The copy of the conversation kept when the item was filed, oldest first. */
async function keptMessages(db: Db, itemId: number): Promise<ModerationMessage[]> {
  const rows = await db
    .selectFrom('moderation_evidence')
    .select(['message_id', 'sender_id', 'sender_name', 'body', 'sent_at'])
    .where('item_id', '=', itemId)
    .orderBy('message_id')
    .execute();
  return rows.map((row) => ({
    id: row.message_id,
    sender: { id: row.sender_id, name: row.sender_name },
    body: row.body,
    created_at: row.sent_at,
  }));
}

/** The conversation as it is now, oldest first: for items filed before copies were kept. */
async function conversationNow(db: Db, conversationId: number | null): Promise<ModerationMessage[]> {
  if (conversationId === null) return [];
  return (await latestMessages(db, conversationId)).reverse().map((message) => ({
    id: message.id,
    sender: { id: message.sender_id, name: message.name },
    body: message.body,
    created_at: message.created_at,
  }));
}

/** A claim `cl` counts while its holder took it within the idle time; a lapsed one is free. */
const liveSince = (now: number) => now - MODERATION_CLAIM_IDLE_MS;

const ITEM_COLUMNS = [
  'i.id',
  'i.reference',
  'i.source',
  'i.site_id',
  'i.subject',
  'i.category',
  'i.created_at',
  'i.reported_member_id',
  'reported.name as reported_name',
  'cl.staff_id as holder_id',
  'holder.name as holder_name',
  'cl.claimed_at',
] as const;

interface ItemRow {
  id: number;
  reference: string;
  source: ModerationSource;
  site_id: number;
  subject: ModerationQueueItem['subject'];
  category: ModerationQueueItem['category'];
  created_at: number;
  reported_member_id: number | null;
  reported_name: string | null;
  holder_id: number | null;
  holder_name: string | null;
  claimed_at: number | null;
}

const isPriority = (category: string | null) =>
  category !== null && (PRIORITY_CATEGORIES as readonly string[]).includes(category);

function queueItemOf(row: ItemRow): ModerationQueueItem {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.source,
    site_id: row.site_id,
    subject: row.subject,
    category: row.category,
    priority: isPriority(row.category),
    reported_member:
      row.reported_member_id === null ? null : { id: row.reported_member_id, name: row.reported_name ?? '' },
    created_at: row.created_at,
    claim: claimOf(row),
  };
}

function claimOf(row: Pick<ItemRow, 'holder_id' | 'holder_name' | 'claimed_at'>): ModerationClaim | null {
  if (row.holder_id === null || row.claimed_at === null) return null;
  return { staff: { id: row.holder_id, name: row.holder_name ?? '' }, claimed_at: row.claimed_at };
}

/**
 * Whether the action can decide the item: an appeal lets the decision stand or lifts it; a photo
 * or text under review is approved, removed, or taken off with its member's account; anything
 * else needs a member to act on, unless it is dismissed.
 */
function fits(action: ModerationAction, source: ModerationSource, hasMember: boolean): boolean {
  if (source === 'appeal') return action === 'dismiss' || action === 'reverse';
  if (isReviewSource(source)) return hasMember && (REVIEW_ACTIONS as readonly ModerationAction[]).includes(action);
  if (action === 'approve' || action === 'remove') return false;
  return action === 'dismiss' || (action !== 'reverse' && hasMember);
}

/**
 * Approving says nothing was wrong; any other decision on a review item names what was.
 */
function groundFits(action: ModerationAction, reason: ModerationReason): boolean {
  if (action === 'approve') return reason === 'no_violation';
  if (action === 'remove') return reason !== 'no_violation';
  return true;
}

/**
 * Takes a reviewed photo or text off the member's profile. The photo's files stay in the media
 * store, served to nobody but staff: they are the decision's evidence (docs/decisions/022).
 */
async function takeOffProfile(trx: Db, item: ReviewedItem, now: number): Promise<void> {
  // Removing the photo marks the member changed, so every node drops it within a second.
  if (item.source === 'photo' && item.imageId !== null) await removeMemberImage(trx, item.memberId, item.imageId);
  else await clearReviewedText(trx, item, now);
}

/** What a review item is about, beside what it replaces. */
function reviewOf(
  row: {
    held: number;
    image_filename: string | null;
    image_thumb_filename: string | null;
    image_id: number | null;
    text_field: string | null;
    text_content: string | null;
    previous_text: string | null;
  },
  member: MemberRow | undefined,
  photos: readonly { id: number; filename: string; thumb_filename: string; in_review: boolean }[],
): ModerationReview {
  const photo =
    row.image_filename !== null && row.image_thumb_filename !== null
      ? { filename: row.image_filename, thumb_filename: row.image_thumb_filename }
      : null;
  const main = photos.find((each) => each.id === member?.main_image_id && each.id !== row.image_id);
  return {
    held: row.held === 1,
    photo,
    previous_photo: photo && main ? { filename: main.filename, thumb_filename: main.thumb_filename } : null,
    field: row.text_field,
    text: row.text_content,
    previous_text: row.previous_text,
  };
}

/** What a decision changes, and whom it tells, once stored. */
export interface DecisionInput {
  action: ModerationAction;
  reason: ModerationReason;
  note: string | null;
  /** For a suspension: when it ends. */
  until: number | null;
}

/** A stored decision with what its mails need: the member decided about and whoever filed the item. */
export interface StoredDecision {
  decision: ModerationDecision;
  item: { reference: string; source: ModerationSource; siteId: number };
  member: Pick<MemberRow, 'id' | 'email' | 'name' | 'language' | 'timezone' | 'site_id'> | null;
  reporter: { email: string; name: string | null; language: string; memberId: number | null } | null;
}

/** The moderation queue's reads and decisions (docs/decisions/008, issue 18). */
export function createConsoleModerationRepository(db: Db) {
  function items(executor: Db, now: number) {
    return executor
      .selectFrom('moderation_items as i')
      .leftJoin('members as reported', 'reported.id', 'i.reported_member_id')
      .leftJoin('moderation_claims as cl', (join) =>
        join.onRef('cl.item_id', '=', 'i.id').on('cl.claimed_at', '>', liveSince(now)),
      )
      .leftJoin('staff as holder', 'holder.id', 'cl.staff_id');
  }

  /** Who holds a live claim on the item, with the item's site. */
  function liveHolder(executor: Db, itemId: number, now: number) {
    return executor
      .selectFrom('moderation_claims as cl')
      .innerJoin('staff as holder', 'holder.id', 'cl.staff_id')
      .innerJoin('moderation_items as i', 'i.id', 'cl.item_id')
      .select(['cl.staff_id', 'holder.name', 'i.site_id'])
      .where('cl.item_id', '=', itemId)
      .where('cl.claimed_at', '>', liveSince(now))
      .executeTakeFirst();
  }

  const decisions = selectDecisions;

  async function decisionById(executor: Db, id: number | null): Promise<ModerationDecision | null> {
    if (id === null) return null;
    const row = await decisions(executor).where('d.id', '=', id).executeTakeFirst();
    return row ? decisionOf(row) : null;
  }

  /** The member an item is about: the one reported, or for an appeal the one the decision was about. */
  async function memberIdOf(executor: Db, itemId: number): Promise<number | null> {
    const row = await executor
      .selectFrom('moderation_items as i')
      .leftJoin('moderation_decisions as appealed', 'appealed.id', 'i.appealed_decision_id')
      .select(['i.reported_member_id', 'appealed.member_id as appealed_member_id'])
      .where('i.id', '=', itemId)
      .executeTakeFirst();
    return row?.reported_member_id ?? row?.appealed_member_id ?? null;
  }

  async function insertDecision(
    trx: Transaction<Database>,
    values: Omit<Database['moderation_decisions'], 'id' | 'reference' | 'lifted_at'>,
  ): Promise<number> {
    for (;;) {
      const stored = await trx
        .insertInto('moderation_decisions')
        .values({ ...values, reference: newModerationReference(), lifted_at: null })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      // A clash of references is as rare as in the queue (db/moderation-queue.ts): try another.
      if (stored) return stored.id;
    }
  }

  /** Undoes what the decision changed on the member's account: an appeal upheld, or an admin's unban. */
  async function liftDecision(trx: Transaction<Database>, decisionId: number, now: number): Promise<void> {
    const lifted = await trx
      .updateTable('moderation_decisions')
      .set({ lifted_at: now })
      .where('id', '=', decisionId)
      .where('lifted_at', 'is', null)
      .returning(['action', 'member_id'])
      .executeTakeFirst();
    if (!lifted || lifted.member_id === null) return;
    if (lifted.action === 'hide') {
      await trx
        .updateTable('members')
        .set({ listed: 1, ...seenChange(now) })
        .where('id', '=', lifted.member_id)
        // A member who chose to hide from search stays hidden (features/accounts setHiddenFromSearch).
        .where('hidden_from_search', '=', 0)
        .execute();
    } else if (lifted.action === 'ban' || lifted.action === 'suspend') {
      await liftRestriction(trx, lifted.member_id, now);
    }
  }

  return {
    /** Open items, priority categories first, then oldest first; a live claim shows its holder. */
    async queue(filter: { siteId?: number; kind?: ModerationSource }, now: number): Promise<ModerationQueueItem[]> {
      let query = items(db, now)
        .select(ITEM_COLUMNS)
        .where('i.status', '=', 'open')
        .orderBy(sql`case when i.category in (${sql.join([...PRIORITY_CATEGORIES])}) then 0 else 1 end`)
        .orderBy('i.created_at')
        .orderBy('i.id');
      if (filter.siteId !== undefined) query = query.where('i.site_id', '=', filter.siteId);
      if (filter.kind !== undefined) query = query.where('i.source', '=', filter.kind);
      return (await query.execute()).map(queueItemOf);
    },

    /** One item with everything a moderator weighs beside it; undefined when there is none. */
    async detail(itemId: number, now: number): Promise<ModerationItemDetail | undefined> {
      const row = await items(db, now)
        .select([
          ...ITEM_COLUMNS,
          'i.status',
          'i.location',
          'i.explanation',
          'i.reporter_member_id',
          'i.reporter_name',
          'i.reporter_email',
          'i.conversation_id',
          'i.appealed_decision_id',
          'i.decision_id',
          'i.flag_rule',
          'i.message_id',
          'i.held',
          'i.image_id',
          'i.image_filename',
          'i.image_thumb_filename',
          'i.text_field',
          'i.text_content',
          'i.previous_text',
        ])
        .where('i.id', '=', itemId)
        .executeTakeFirst();
      if (!row) return undefined;
      const memberId = await memberIdOf(db, itemId);
      const member =
        memberId === null
          ? undefined
          : await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
      const photos = member
        ? (
            await db
              .selectFrom('member_images')
              .select(['id', 'filename', 'thumb_filename', 'in_review'])
              .where('member_id', '=', member.id)
              .orderBy('position')
              .execute()
          ).map((photo) => ({ ...photo, in_review: photo.in_review === 1 }))
        : [];
      const spent = member
        ? await db
            .selectFrom('credit_ledger')
            .select((eb) => eb.fn.sum<number | string | null>('delta').as('total'))
            .where('member_id', '=', member.id)
            .where('delta', '<', 0)
            .executeTakeFirst()
        : undefined;
      const kept = await keptMessages(db, itemId);
      const messages = kept.length > 0 ? kept : await conversationNow(db, row.conversation_id);
      const history = member
        ? await db
            .selectFrom('moderation_items')
            .select(['id', 'reference', 'source as kind', 'category', 'status', 'created_at'])
            .where('reported_member_id', '=', member.id)
            .where('id', '!=', itemId)
            .orderBy('created_at', 'desc')
            .execute()
        : [];
      const earlier = member
        ? await decisions(db).where('d.member_id', '=', member.id).orderBy('d.created_at', 'desc').execute()
        : [];
      return {
        item: {
          ...queueItemOf(row),
          status: row.status,
          location: row.location,
          explanation: row.explanation,
          reporter: { member_id: row.reporter_member_id, name: row.reporter_name, email: row.reporter_email },
          conversation_id: row.conversation_id,
          flag_rule: row.flag_rule,
          message_id: row.message_id,
        },
        member: member
          ? {
              id: member.id,
              name: member.name,
              email: member.email,
              status: member.status,
              suspended_until: member.suspended_until,
              listed: member.listed === 1,
              language: member.language,
              gender: member.gender,
              date_of_birth: member.date_of_birth,
              country: member.country,
              city: member.city,
              personal: parsePersonal(member.personal),
              signup_at: member.signup_at,
              last_active_at: member.last_active_at,
              credits_spent: -Number(spent?.total ?? 0),
              photos,
            }
          : null,
        review: isReviewSource(row.source) ? reviewOf(row, member, photos) : null,
        messages,
        messages_kept: kept.length > 0,
        reasons: offeredReasons((await siteConfigOf(db, row.site_id)).moderation?.reasons),
        history,
        decisions: earlier.map(decisionOf),
        appealed: await decisionById(db, row.appealed_decision_id),
        decision: await decisionById(db, row.decision_id),
      };
    },

    /** Whether the file is a member's photo, or one a review item keeps (a removed photo's evidence). */
    async isPhotoOnRecord(name: string): Promise<boolean> {
      const member = await db
        .selectFrom('member_images')
        .select('id')
        .where((eb) => eb.or([eb('filename', '=', name), eb('thumb_filename', '=', name)]))
        .executeTakeFirst();
      if (member) return true;
      const kept = await db
        .selectFrom('moderation_items')
        .select('id')
        .where((eb) => eb.or([eb('image_filename', '=', name), eb('image_thumb_filename', '=', name)]))
        .executeTakeFirst();
      return Boolean(kept);
    },

    /** The record that `actor` took the item's evidence out of the console. */
    async recordExport(actor: AuditActor, itemId: number, siteId: number): Promise<void> {
      await recordAudit(db, actor, {
        action: 'moderation.export',
        target: { type: 'moderation_item', id: itemId },
        siteId,
      });
    },

    /**
     * Claims an open item for `staff` unless someone else holds a live claim: one statement, as the
     * inbox claims a conversation (docs/decisions/011), so of two moderators exactly one wins.
     */
    async claim(actor: AuditActor, itemId: number, now: number): Promise<ModerationClaim> {
      const staffId = actor.staffId;
      const outcome = await db.transaction().execute(async (trx) => {
        const item = await trx
          .selectFrom('moderation_items')
          .select(['status', 'site_id'])
          .where('id', '=', itemId)
          .executeTakeFirst();
        if (!item) return 'missing' as const;
        if (item.status !== 'open') throw itemDecided();
        const before = await trx
          .selectFrom('moderation_claims')
          .select('staff_id')
          .where('item_id', '=', itemId)
          .where('claimed_at', '>', liveSince(now))
          .executeTakeFirst();
        const won = await trx
          .insertInto('moderation_claims')
          .values({ item_id: itemId, staff_id: staffId, claimed_at: now })
          .onConflict((oc) =>
            oc
              .column('item_id')
              .doUpdateSet({ staff_id: staffId, claimed_at: now })
              .where((eb) =>
                eb.or([
                  eb('moderation_claims.staff_id', '=', staffId),
                  eb('moderation_claims.claimed_at', '<=', liveSince(now)),
                ]),
              ),
          )
          .returning('staff_id')
          .executeTakeFirst();
        if (won?.staff_id !== staffId) return 'lost' as const;
        if (before?.staff_id !== staffId) {
          await recordAudit(trx, actor, {
            action: 'moderation.claim',
            target: { type: 'moderation_item', id: itemId },
            siteId: item.site_id,
          });
        }
        return 'won' as const;
      });
      if (outcome === 'missing') throw new AppError(404, 'not_found', 'There is no such item.');
      const row = await items(db, now).select(ITEM_COLUMNS).where('i.id', '=', itemId).executeTakeFirstOrThrow();
      const claim = claimOf(row);
      if (outcome === 'lost' || !claim || claim.staff.id !== staffId) throw claimedByOther(claim?.staff);
      return claim;
    },

    /** Lets go of the caller's claim; nothing to release (lapsed, another tab) is fine. */
    async release(actor: AuditActor, itemId: number, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const held = await liveHolder(trx, itemId, now);
        if (!held) return;
        if (held.staff_id !== actor.staffId) throw claimedByOther({ id: held.staff_id, name: held.name });
        await trx.deleteFrom('moderation_claims').where('item_id', '=', itemId).execute();
        await recordAudit(trx, actor, {
          action: 'moderation.release',
          target: { type: 'moderation_item', id: itemId },
          siteId: held.site_id,
        });
      });
    },

    /**
     * Decides an open item the caller holds: stores the decision, changes the member's account as
     * it says, closes the item and audits it, all in one transaction. An appeal is never decided by
     * whoever took the decision appealed against.
     */
    async decide(actor: AuditActor, itemId: number, input: DecisionInput, now: number): Promise<StoredDecision> {
      return db.transaction().execute(async (trx) => {
        // Closing first takes the item's row lock on PostgreSQL: a second decision waits, then finds it closed.
        const closed = await trx
          .updateTable('moderation_items')
          .set({ status: 'decided' })
          .where('id', '=', itemId)
          .where('status', '=', 'open')
          .returning([
            'reference',
            'source',
            'site_id',
            'reporter_member_id',
            'reporter_name',
            'reporter_email',
            'reporter_language',
            'appealed_decision_id',
            'held',
            'image_id',
            'text_field',
            'text_content',
          ])
          .executeTakeFirst();
        if (!closed) {
          const exists = await trx
            .selectFrom('moderation_items')
            .select('id')
            .where('id', '=', itemId)
            .executeTakeFirst();
          if (!exists) throw new AppError(404, 'not_found', 'There is no such item.');
          throw itemDecided();
        }
        const claim = await liveHolder(trx, itemId, now);
        if (!claim) throw claimRequired();
        if (claim.staff_id !== actor.staffId) throw claimedByOther({ id: claim.staff_id, name: claim.name });

        const appealed =
          closed.appealed_decision_id === null
            ? undefined
            : await trx
                .selectFrom('moderation_decisions')
                .select(['id', 'staff_id', 'member_id'])
                .where('id', '=', closed.appealed_decision_id)
                .executeTakeFirst();
        if (appealed && appealed.staff_id === actor.staffId) throw ownDecision();

        const memberId = await memberIdOf(trx, itemId);
        if (!fits(input.action, closed.source, memberId !== null)) {
          throw invalidInput({ action: VALIDATION.choice });
        }
        const { moderation } = await siteConfigOf(trx, closed.site_id);
        if (!offeredReasons(moderation?.reasons).includes(input.reason) || !groundFits(input.action, input.reason)) {
          throw invalidInput({ reason: VALIDATION.choice });
        }
        const decisionId = await insertDecision(trx, {
          item_id: itemId,
          site_id: closed.site_id,
          member_id: memberId,
          staff_id: actor.staffId,
          action: input.action,
          reason: input.reason,
          note: input.note,
          until: input.until,
          created_at: now,
        });
        await trx.updateTable('moderation_items').set({ decision_id: decisionId }).where('id', '=', itemId).execute();
        await trx.deleteFrom('moderation_claims').where('item_id', '=', itemId).execute();

        if (memberId !== null) {
          if (input.action === 'hide') {
            await trx
              .updateTable('members')
              .set({ listed: 0, ...seenChange(now) })
              .where('id', '=', memberId)
              .execute();
          } else if (input.action === 'ban' || input.action === 'suspend') {
            await restrictMember(trx, memberId, input.until, now);
          }
        }
        if (input.action === 'reverse' && appealed) await liftDecision(trx, appealed.id, now);
        if (memberId !== null && isReviewSource(closed.source)) {
          const reviewed: ReviewedItem = {
            source: closed.source,
            memberId,
            held: closed.held === 1,
            imageId: closed.image_id,
            field: closed.text_field,
            text: closed.text_content,
          };
          if (input.action === 'approve') await publishReviewed(trx, reviewed, now);
          // Removed, or gone with the account: an unban must not bring back what was never approved.
          else await takeOffProfile(trx, reviewed, now);
        }

        const decision = await decisionById(trx, decisionId);
        await recordAudit(trx, actor, {
          action: 'moderation.decide',
          target: { type: 'moderation_item', id: itemId },
          siteId: closed.site_id,
          detail: {
            decision: decision!.reference,
            action: input.action,
            reason: input.reason,
            member: memberId,
            ...(input.until === null ? {} : { until: input.until }),
            ...(appealed ? { appealed: appealed.id } : {}),
          },
        });

        const member =
          memberId === null
            ? null
            : ((await trx
                .selectFrom('members')
                .select(['id', 'email', 'name', 'language', 'timezone', 'site_id'])
                .where('id', '=', memberId)
                .executeTakeFirst()) ?? null);
        return {
          decision: decision!,
          item: { reference: closed.reference, source: closed.source, siteId: closed.site_id },
          member,
          reporter: await reporterOf(trx, closed),
        };
      });
    },

    /** Ends a member's ban or suspension outside an appeal (admins); false when they had none. */
    async lift(actor: AuditActor, memberId: number, now: number): Promise<MemberRow['status'] | undefined> {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select(['site_id'])
          .where('id', '=', memberId)
          .executeTakeFirst();
        if (!member) return undefined;
        if (!(await liftRestriction(trx, memberId, now))) return undefined;
        const open = await trx
          .selectFrom('moderation_decisions')
          .select('id')
          .where('member_id', '=', memberId)
          .where('action', 'in', ['ban', 'suspend'])
          .where('lifted_at', 'is', null)
          .execute();
        for (const decision of open) await liftDecision(trx, decision.id, now);
        await recordAudit(trx, actor, {
          action: 'moderation.lift',
          target: { type: 'member', id: memberId },
          siteId: member.site_id,
          detail: { decisions: open.map((decision) => decision.id) },
        });
        const after = await trx
          .selectFrom('members')
          .select('status')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow();
        return after.status;
      });
    },
  };

  /** Whom to tell the outcome: the address the filer gave, else the member who filed it from their account. */
  async function reporterOf(
    executor: Db,
    item: {
      reporter_member_id: number | null;
      reporter_name: string | null;
      reporter_email: string | null;
      reporter_language: string | null;
    },
  ): Promise<StoredDecision['reporter']> {
    const account =
      item.reporter_member_id === null
        ? undefined
        : await executor
            .selectFrom('members')
            .select(['email', 'name', 'language'])
            .where('id', '=', item.reporter_member_id)
            .executeTakeFirst();
    const email = item.reporter_email ?? account?.email;
    if (!email) return null;
    return {
      email,
      name: item.reporter_name ?? account?.name ?? null,
      language: item.reporter_language ?? account?.language ?? 'en',
      memberId: item.reporter_member_id,
    };
  }
}

export type ConsoleModerationRepository = ReturnType<typeof createConsoleModerationRepository>;
