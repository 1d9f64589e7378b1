import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';

/** One export section: rows as stored, less what is not the member's to have. */
type Rows = Record<string, unknown>[];

/** Everything the site holds about a member that is theirs to have (GDPR Art. 15 and 20). */
// A type, not an interface, so it is a Record<string, unknown> where the console takes one.
export type MemberData = {
  account: Record<string, unknown>;
  sign_up: Record<string, unknown> | null;
  photos: Rows;
  messages: Rows;
  likes_given: Rows;
  likes_received: Rows;
  profile_visits: Rows;
  blocks: Rows;
  credits: Rows;
  orders: Rows;
  subscriptions: Rows;
  sessions: Rows;
  consents: Record<string, unknown>;
  notifications: Rows;
  mails: Rows;
  reports_filed: Rows;
  moderation_decisions: Rows;
};

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The one gathering of a member's data: the member's own download (a zip, data-exports.ts) and
 * the console's copy for a member who asked support both read it, so neither misses what the other
 * has. Secrets (password hash, session and token hashes, the operator behind a persona's message)
 * stay out; so does what is about other people beyond what the member saw.
 */
export function createMemberDataRepository(db: Db) {
  return {
    async gather(member: MemberRow): Promise<MemberData> {
      const memberId = member.id;
      const {
        password_hash: _passwordHash,
        push_subscription: _push,
        email_normalized: _normalized,
        search_rank: _rank,
        changed_at: _changed,
        personal,
        personal_in_review,
        gender,
        date_of_birth,
        country,
        countryregion,
        city,
        main_image_id,
        ...account
      } = member;
      const conversations = await db
        .selectFrom('conversation_members')
        .select('conversation_id')
        .where('member_id', '=', memberId)
        .execute();
      const conversationIds = conversations.map((row) => row.conversation_id);
      const pushSubscriptions = await db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'created_at'])
        .where('member_id', '=', memberId)
        .execute();

      const twoFactor = await db
        .selectFrom('member_two_factor')
        .select('enabled_at')
        .where('member_id', '=', memberId)
        .executeTakeFirst();

      return {
        account: {
          ...account,
          // Whether a second factor guards the login; its secret and recovery codes stay out.
          two_factor_enabled_at: twoFactor?.enabled_at ?? null,
          profile: {
            gender,
            date_of_birth,
            country,
            countryregion,
            city,
            main_image_id,
            personal: parseJson(personal),
            // Their about-me texts a moderator has yet to see (issue 18's review before publication).
            personal_in_review: parseJson(personal_in_review),
          },
        },
        sign_up:
          (await db.selectFrom('member_tracking').selectAll().where('member_id', '=', memberId).executeTakeFirst()) ??
          null,
        photos: await db
          .selectFrom('member_images')
          .select(['id', 'filename', 'position', 'in_review', 'created_at'])
          .where('member_id', '=', memberId)
          .orderBy('position')
          .execute(),
        // Both sides of every conversation: what they wrote and what they were written. A persona's
        // operator is never named (written_by_staff_id stays out).
        messages:
          conversationIds.length === 0
            ? []
            : (
                await db
                  .selectFrom('messages')
                  .select(['id', 'conversation_id', 'sender_id', 'body', 'credits', 'created_at'])
                  .where('conversation_id', 'in', conversationIds)
                  .orderBy('id')
                  .execute()
              ).map((message) => ({ ...message, sent_by_me: message.sender_id === memberId })),
        likes_given: await db
          .selectFrom('likes')
          .select(['profile_id', 'created_at'])
          .where('member_id', '=', memberId)
          .execute(),
        likes_received: await db
          .selectFrom('likes')
          .select(['member_id', 'created_at'])
          .where('profile_id', '=', memberId)
          .execute(),
        // The profiles they opened; who opened theirs is those members' doing, shown on the site.
        profile_visits: await db
          .selectFrom('profile_views')
          .select(['viewed_id', 'viewed_at'])
          .where('viewer_id', '=', memberId)
          .orderBy('viewed_at')
          .execute(),
        blocks: await db
          .selectFrom('blocks')
          .select(['blocked_id', 'created_at'])
          .where('member_id', '=', memberId)
          .execute(),
        credits: await db
          .selectFrom('credit_ledger')
          .select(['delta', 'reason', 'reference', 'created_at'])
          .where('member_id', '=', memberId)
          .orderBy('id')
          .execute(),
        orders: await db
          .selectFrom('orders')
          .select([
            'id',
            'purchase',
            'package_id',
            'method',
            'provider',
            'country',
            'currency',
            'net',
            'vat',
            'gross',
            'state',
            'discount_code',
            'created_at',
            'paid_at',
          ])
          .where('member_id', '=', memberId)
          .orderBy('id')
          .execute(),
        subscriptions: await db
          .selectFrom('subscriptions')
          .select([
            'id',
            'plan_id',
            'months',
            'currency',
            'renewal_amount',
            'state',
            'started_at',
            'current_period_end',
          ])
          .select(['cancelled_at', 'ended_by', 'created_at'])
          .where('member_id', '=', memberId)
          .orderBy('id')
          .execute(),
        // When each login began and ends; the session's key is a secret and stays out.
        sessions: await db
          .selectFrom('sessions')
          .select(['created_at', 'expires_at'])
          .where('member_id', '=', memberId)
          .orderBy('created_at')
          .execute(),
        consents: {
          terms_accepted_at: member.signup_at,
          push_notifications: pushSubscriptions.map((row) => ({
            service: new URL(row.endpoint).host,
            given_at: row.created_at,
          })),
          hidden_from_search: member.hidden_from_search === 1,
          leaves_visit_trace: member.leaves_visit_trace === 1,
        },
        notifications: (
          await db
            .selectFrom('notifications')
            .select(['kind', 'actor_id', 'conversation_id', 'payload', 'created_at', 'read_at'])
            .where('member_id', '=', memberId)
            .orderBy('id')
            .execute()
        ).map((row) => ({ ...row, payload: parseJson(row.payload) })),
        mails: await db
          .selectFrom('mail_deliveries')
          .select(['kind', 'recipient', 'accepted', 'created_at'])
          .where('member_id', '=', memberId)
          .orderBy('id')
          .execute(),
        reports_filed: await db
          .selectFrom('moderation_items')
          .select(['reference', 'source', 'subject', 'category', 'explanation', 'status', 'created_at'])
          .where('reporter_member_id', '=', memberId)
          .orderBy('id')
          .execute(),
        moderation_decisions: await db
          .selectFrom('moderation_decisions')
          .select(['reference', 'action', 'reason', 'until', 'created_at', 'lifted_at'])
          .where('member_id', '=', memberId)
          .orderBy('id')
          .execute(),
      };
    },
  };
}

export type MemberDataRepository = ReturnType<typeof createMemberDataRepository>;
