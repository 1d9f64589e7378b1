import type { ChatListItem, ChatMessage, ChatProfile } from '@rendezvous/contract';
import { blockedEitherWay, isBlockedEitherWay } from '../../db/blocks.js';
import type { Db } from '../../db/database.js';
import {
  ERASED_MESSAGE_BODY,
  isGone,
  isReachable,
  RESTRICTED_STATUSES,
  UNCONFIRMED_STATUS,
  type MemberStatus,
} from '../../db/schema.js';
import { ageOn } from '../../lib/age.js';

const iso = (ms: number) => new Date(ms).toISOString();

interface OtherMemberRow {
  other_id: number;
  name: string;
  date_of_birth: string | null;
  city: string | null;
  fictional: number;
  status: MemberStatus;
  thumb_filename: string | null;
}

function chatProfileOf(row: OtherMemberRow, blocked: boolean, today: Date): ChatProfile {
  return {
    id: row.other_id,
    name: row.name,
    age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
    city: row.city,
    fictional: row.fictional === 1,
    main_image: row.thumb_filename === null ? null : { thumb_filename: row.thumb_filename },
    available: !blocked && !isGone(row.status),
  };
}

export function chatMessageOf(row: {
  id: number;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: number;
}): ChatMessage {
  return {
    id: row.id,
    conversation: row.conversation_id,
    from: row.sender_id,
    body: row.body,
    created_at: iso(row.created_at),
    ...(row.body === ERASED_MESSAGE_BODY ? { erased: true } : {}),
  };
}

/** One member's side of a conversation with what is shown of the other member. */
export interface ConversationSide {
  conversationId: number;
  otherId: number;
  otherStatus: MemberStatus;
  otherFictional: boolean;
  profile: ChatProfile;
  /** The other side's read position: read receipts for this member's messages. */
  otherReadUpTo: number;
}

/**
 * Every query takes the session member's id and reads only their side of a conversation, so
 * another member's conversation id looks exactly like an unknown one. A conversation with an
 * unconfirmed member does not exist for the other side until they confirm (only the one who
 * confirms could be answered); one with a gone member stays, readable, as history.
 */
export function createChatsRepository(db: Db) {
  /** The session member's side of the conversation and the other member, or undefined. */
  function sideQuery(executor: Db, memberId: number, conversationId: number) {
    return executor
      .selectFrom('conversation_members as mine')
      .innerJoin('conversation_members as theirs', (join) =>
        join
          .onRef('theirs.conversation_id', '=', 'mine.conversation_id')
          .onRef('theirs.member_id', '=', 'mine.other_id'),
      )
      .innerJoin('members as other', 'other.id', 'mine.other_id')
      .leftJoin('member_images as image', 'image.id', 'other.main_image_id')
      .select([
        'mine.conversation_id',
        'mine.other_id',
        'other.name',
        'other.date_of_birth',
        'other.city',
        'other.fictional',
        'other.status',
        'image.thumb_filename',
        'theirs.last_read_message_id as other_read_up_to',
      ])
      .where('mine.member_id', '=', memberId)
      .where('mine.conversation_id', '=', conversationId)
      .where('other.status', '!=', UNCONFIRMED_STATUS);
  }

  return {
    async side(memberId: number, conversationId: number, executor: Db = db): Promise<ConversationSide | undefined> {
      const row = await sideQuery(executor, memberId, conversationId).executeTakeFirst();
      if (!row) return undefined;
      const blocked = await isBlockedEitherWay(executor, memberId, row.other_id);
      return {
        conversationId: row.conversation_id,
        otherId: row.other_id,
        otherStatus: row.status,
        otherFictional: row.fictional === 1,
        profile: chatProfileOf(row, blocked, new Date()),
        otherReadUpTo: row.other_read_up_to,
      };
    },

    /** The member's chat list, most recently active first; removed conversations left out. */
    async list(memberId: number, today = new Date()): Promise<ChatListItem[]> {
      const rows = await db
        .selectFrom('conversation_members as mine')
        .innerJoin('members as other', 'other.id', 'mine.other_id')
        .leftJoin('member_images as image', 'image.id', 'other.main_image_id')
        .select((eb) => [
          'mine.conversation_id',
          'mine.other_id',
          'mine.num_unread',
          'mine.updated_at',
          'other.name',
          'other.date_of_birth',
          'other.city',
          'other.fictional',
          'other.status',
          'image.thumb_filename',
          eb
            .selectFrom('messages')
            .select((sub) => sub.fn.max('messages.id').as('id'))
            .whereRef('messages.conversation_id', '=', 'mine.conversation_id')
            .as('last_message_id'),
        ])
        .where('mine.member_id', '=', memberId)
        .where('mine.removed', '=', 0)
        .where('other.status', 'not in', [UNCONFIRMED_STATUS, ...RESTRICTED_STATUSES])
        .orderBy('mine.updated_at', 'desc')
        .orderBy('mine.conversation_id', 'desc')
        .execute();
      if (rows.length === 0) return [];

      const lastIds = rows.flatMap((row) => (row.last_message_id === null ? [] : [Number(row.last_message_id)]));
      const [blocked, lastMessages] = await Promise.all([
        blockedEitherWay(db, memberId),
        lastIds.length === 0
          ? []
          : db
              .selectFrom('messages')
              .select(['id', 'conversation_id', 'sender_id', 'body', 'created_at'])
              .where('id', 'in', lastIds)
              .execute(),
      ]);
      const lastByConversation = new Map(lastMessages.map((message) => [message.conversation_id, message]));
      return rows.map((row) => {
        const last = lastByConversation.get(row.conversation_id);
        return {
          conversation: {
            id: row.conversation_id,
            last_message: last ? chatMessageOf(last) : null,
            updated_at: iso(row.updated_at),
          },
          profile: chatProfileOf(row, blocked.has(row.other_id), today),
          num_unread_messages: row.num_unread,
        };
      });
    },

    /** The member to start a chat with: same site and reachable (not gone, not unconfirmed). */
    async startableMember(siteId: number, id: number) {
      const row = await db
        .selectFrom('members')
        .select(['id', 'status'])
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return row && isReachable(row.status) ? row : undefined;
    },

    /** Whether the member blocked the other, or the other them: then no chat starts between them. */
    isBlockedWith(memberId: number, otherId: number): Promise<boolean> {
      return isBlockedEitherWay(db, memberId, otherId);
    },

    /**
     * The pair's conversation, created with both sides when missing. The other member's side
     * starts removed: a chat only opened, never written in, stays off their list until a message
     * arrives. Inserts ignore conflicts, so two tabs starting the same chat meet on one row.
     */
    async findOrStart(siteId: number, memberId: number, otherId: number): Promise<number> {
      const [low, high] = memberId < otherId ? [memberId, otherId] : [otherId, memberId];
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('conversations')
          .values({ site_id: siteId, member_low: low, member_high: high, created_at: now, last_message_at: null })
          .onConflict((oc) => oc.columns(['member_low', 'member_high']).doNothing())
          .execute();
        const { id } = await trx
          .selectFrom('conversations')
          .select('id')
          .where('member_low', '=', low)
          .where('member_high', '=', high)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('conversation_members')
          .values([
            { conversation_id: id, member_id: memberId, other_id: otherId, removed: 0, updated_at: now },
            { conversation_id: id, member_id: otherId, other_id: memberId, removed: 1, updated_at: now },
          ])
          .onConflict((oc) => oc.columns(['conversation_id', 'member_id']).doNothing())
          .execute();
        // Opening a chat the member once removed puts it back on their own list.
        await trx
          .updateTable('conversation_members')
          .set({ removed: 0 })
          .where('conversation_id', '=', id)
          .where('member_id', '=', memberId)
          .where('removed', '=', 1)
          .execute();
        return id;
      });
    },

    /** Takes the conversation off the member's own list; false when it is not theirs. */
    async remove(memberId: number, conversationId: number): Promise<boolean> {
      const result = await db
        .updateTable('conversation_members')
        .set({ removed: 1 })
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** One page of messages, oldest first, and the cursor for the page before it. */
    async page(conversationId: number, pageSize: number, before: number | undefined) {
      let query = db
        .selectFrom('messages')
        .select(['id', 'conversation_id', 'sender_id', 'body', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'desc')
        .limit(pageSize + 1);
      if (before !== undefined) query = query.where('id', '<', before);
      const rows = await query.execute();
      const page = rows.slice(0, pageSize).reverse();
      return { messages: page.map(chatMessageOf), older: rows.length > pageSize ? (page[0]?.id ?? null) : null };
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
