import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { recordLanderSignup } from '../../db/lander-signups.js';
import { seenChange, statusChange } from '../../db/member-changes.js';
import {
  ERASED_MESSAGE_BODY,
  type MemberRow,
  type MembersTable,
  type MemberStatus,
  type MemberTrackingTable,
} from '../../db/schema.js';
import { grant } from '../../ledger/credit-ledger.js';
import { deletedEmailKey } from './deleted-email.js';
import { mailProviderOf } from './mail-provider.js';
import { withdrawAllReviews } from '../../platform/moderation/profile-review.js';

/** What stands in a kept text where an erased member's name or address was. */
const REDACTED = '[erased]';

/** What a member's own profile calls may change; search and cards see it within a second (seenChange). */
type ProfileChanges = Pick<
  Updateable<MembersTable>,
  'country' | 'countryregion' | 'city' | 'gender' | 'date_of_birth' | 'name' | 'personal' | 'personal_in_review'
>;

/** A new account's member row and what is stored with it. */
export interface NewAccount {
  member: Insertable<MembersTable>;
  welcomeCredits: number;
  /** The traffic-source network the member came through, if any. */
  traffic: Pick<MemberTrackingTable, 'network' | 'ref' | 'sub1' | 'sub2' | 'sub3'> | null;
  /** The page the sign-up form was on, which names the lander it came from. */
  formPath: string | null | undefined;
  now: number;
}

/** The accounts feature's reads and writes of members; every write is by the member's own id. */
export function createAccountsRepository(db: Db) {
  return {
    /**
     * The member, their welcome credits and where they came from, in one transaction. Throws the
     * database's unique violation when the address was taken at the same moment.
     */
    create(account: NewAccount): Promise<MemberRow> {
      return db.transaction().execute(async (trx) => {
        const created = await trx.insertInto('members').values(account.member).returningAll().executeTakeFirstOrThrow();
        if (account.welcomeCredits > 0) {
          created.credits = await grant(trx, created.id, account.welcomeCredits, 'welcome');
        }
        if (account.traffic) {
          await trx
            .insertInto('member_tracking')
            .values({ ...account.traffic, member_id: created.id, created_at: account.now })
            .execute();
        }
        await recordLanderSignup(trx, created.id, account.formPath, account.now);
        return created;
      });
    },

    /**
     * The status of the newest account on this site with this address, or with the address of a
     * deleted one (its tombstone keeps only that key).
     */
    async statusOfEmail(siteId: number, email: string): Promise<MemberStatus | undefined> {
      const member = await db
        .selectFrom('members')
        .select('status')
        .where('site_id', '=', siteId)
        .where('email_normalized', 'in', [email.trim().toLowerCase(), deletedEmailKey(email)])
        .orderBy('signup_at', 'desc')
        .executeTakeFirst();
      return member?.status;
    },

    /** A region, to check it lies in the country a member chose. */
    region(regionId: number): Promise<{ id: number; country: string } | undefined> {
      return db.selectFrom('regions').select(['id', 'country']).where('id', '=', regionId).executeTakeFirst();
    },

    /** A member the caller already knows exists: the session's, or a consumed token's. */
    byId(id: number): Promise<MemberRow> {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /**
     * The account this address logs in to on this site; deleted and banned accounts have none, nor
     * have personas (fictional profiles), so no login or password-reset mail ever reaches one.
     */
    findLoginAccount(siteId: number, email: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('email_normalized', '=', email.toLowerCase())
        .where('status', 'in', ['active', 'not_confirmed'])
        .where('fictional', '=', 0)
        .executeTakeFirst();
    },

    /** The same, by id: a login waiting for its two-factor code names its member by id. */
    findLoginAccountById(siteId: number, memberId: number): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', memberId)
        .where('site_id', '=', siteId)
        .where('status', 'in', ['active', 'not_confirmed'])
        .where('fictional', '=', 0)
        .executeTakeFirst();
    },

    async setPasswordHash(memberId: number, passwordHash: string): Promise<void> {
      await db.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
    },

    async setEmail(memberId: number, email: string): Promise<void> {
      await db
        .updateTable('members')
        .set({ email, email_normalized: email.toLowerCase(), mailprovider: mailProviderOf(email) })
        .where('id', '=', memberId)
        .execute();
    },

    /** Confirms an account still waiting for it; an active, banned or deleted one stays as it is. */
    async confirm(memberId: number): Promise<void> {
      await db
        .updateTable('members')
        .set({ ...statusChange('active'), activated_at: Date.now() })
        .where('id', '=', memberId)
        .where('status', '=', 'not_confirmed')
        .execute();
    },

    /**
     * The member's own wish to stay out of search; `listed` follows it, except that a moderator's
     * standing `hide` decision keeps the member unlisted whatever they wish.
     */
    async setHiddenFromSearch(memberId: number, hidden: boolean): Promise<void> {
      const hiddenByModerator = db
        .selectFrom('moderation_decisions')
        .select('id')
        .where('member_id', '=', memberId)
        .where('action', '=', 'hide')
        .where('lifted_at', 'is', null);
      await db
        .updateTable('members')
        .set((eb) => ({
          hidden_from_search: hidden ? 1 : 0,
          listed: hidden ? 0 : eb.case().when(eb.exists(hiddenByModerator)).then(0).else(1).end(),
          ...seenChange(),
        }))
        .where('id', '=', memberId)
        .execute();
    },

    async updateProfile(memberId: number, changes: ProfileChanges): Promise<void> {
      await db
        .updateTable('members')
        .set({ ...changes, ...seenChange() })
        .where('id', '=', memberId)
        .execute();
    },

    /**
     * Erases the member (GDPR Art. 17) in one transaction: their profile, photos, likes, blocks,
     * sessions, push subscriptions, two-factor login, profile visits either way, saved search, tokens, notifications, mails sent, exports and what
     * staff noted about them are deleted; the messages they sent
     * keep their place in the other member's conversation with the text removed (shown there as
     * erased); reports they made keep the report but not who made it. Kept, with nothing that names
     * them: the member row as a tombstone (id, site, status, dates and a fingerprint of the address,
     * so a returning address is recognised as deleted), orders, payments and the credit ledger
     * (bookkeeping and tax law), moderation decisions about them and the evidence of reported
     * messages (legal claims), and the console's append-only audit log. Returns the media files
     * no other member shows, for the caller to remove once it committed.
     */
    erase(member: Pick<MemberRow, 'id' | 'email' | 'name'>, within?: (trx: Db) => Promise<void>): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        // What else must happen exactly when the erasure does (staff deleting on request: the audit row).
        await within?.(trx);
        const id = member.id;
        const images = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where('member_id', '=', id)
          .execute();
        const exports = await trx.selectFrom('data_exports').select('file').where('member_id', '=', id).execute();
        const itemsAbout = trx.selectFrom('moderation_items').select('id').where('reported_member_id', '=', id);
        const conversations = trx
          .selectFrom('conversation_members')
          .select('conversation_id')
          .where('member_id', '=', id);
        await trx.deleteFrom('member_images').where('member_id', '=', id).execute();
        await withdrawAllReviews(trx, id);
        await trx.deleteFrom('data_exports').where('member_id', '=', id).execute();
        await trx.deleteFrom('sessions').where('member_id', '=', id).execute();
        await trx.deleteFrom('account_tokens').where('member_id', '=', id).execute();
        await trx.deleteFrom('member_tracking').where('member_id', '=', id).execute();
        await trx.deleteFrom('member_searches').where('member_id', '=', id).execute();
        await trx.deleteFrom('push_subscriptions').where('member_id', '=', id).execute();
        await trx.deleteFrom('member_recovery_codes').where('member_id', '=', id).execute();
        await trx.deleteFrom('member_two_factor').where('member_id', '=', id).execute();
        await trx
          .deleteFrom('profile_views')
          .where((eb) => eb.or([eb('viewer_id', '=', id), eb('viewed_id', '=', id)]))
          .execute();
        // The mail log names every address the member used, the goodbye just sent included.
        await trx.deleteFrom('mail_deliveries').where('member_id', '=', id).execute();
        await trx
          .deleteFrom('likes')
          .where((eb) => eb.or([eb('member_id', '=', id), eb('profile_id', '=', id)]))
          .execute();
        await trx
          .deleteFrom('blocks')
          .where((eb) => eb.or([eb('member_id', '=', id), eb('blocked_id', '=', id)]))
          .execute();
        // Others' notifications about them quote them (a message's first words).
        await trx
          .deleteFrom('notifications')
          .where((eb) => eb.or([eb('member_id', '=', id), eb('actor_id', '=', id)]))
          .execute();
        await trx.deleteFrom('staff_notes').where('member_id', '=', id).execute();
        // An operator's unsent reply to them, and any claim on their conversations with personas.
        await trx.deleteFrom('console_drafts').where('conversation_id', 'in', conversations).execute();
        await trx.deleteFrom('conversation_claims').where('conversation_id', 'in', conversations).execute();
        // The other member keeps the conversation; the erased text is shown there as erased (chatMessageOf).
        await trx
          .updateTable('messages')
          .set({ body: ERASED_MESSAGE_BODY, client_key: null })
          .where('sender_id', '=', id)
          .execute();
        // Moderation keeps its records (legal claims); their name and address go out of its texts.
        const redact = (column: 'explanation' | 'body') =>
          [member.name, member.email]
            .filter((text) => text.length > 0)
            .reduce<RawBuilder<string>>(
              (value, text) => sql<string>`replace(${value}, ${text}, ${REDACTED})`,
              sql<string>`${sql.ref(column)}`,
            );
        await trx
          .updateTable('moderation_evidence')
          .set({ sender_name: '', body: redact('body') })
          .where((eb) => eb.or([eb('sender_id', '=', id), eb('item_id', 'in', itemsAbout)]))
          .execute();
        await trx
          .updateTable('moderation_items')
          .set({ explanation: redact('explanation') })
          .where((eb) => eb.or([eb('id', 'in', itemsAbout), eb('reporter_member_id', '=', id)]))
          .where('explanation', 'is not', null)
          .execute();
        await trx
          .updateTable('moderation_items')
          .set({ reporter_name: null, reporter_email: null })
          .where((eb) =>
            eb.or([
              eb('reporter_member_id', '=', id),
              eb(eb.fn('lower', ['reporter_email']), '=', member.email.trim().toLowerCase()),
            ]),
          )
          .execute();
        // Orders stay for the books; where to send the buyer back and the stored mandate do not.
        await trx.updateTable('orders').set({ return_to: null, mandate: null }).where('member_id', '=', id).execute();
        // A personal discount code nobody used goes; a used one stays with the order it discounted.
        await trx.deleteFrom('discount_codes').where('member_id', '=', id).where('uses', '=', 0).execute();
        await trx
          .updateTable('members')
          .set({
            ...statusChange('deleted'),
            deleted_at: Date.now(),
            email: '',
            email_normalized: deletedEmailKey(member.email),
            name: '',
            password_hash: null,
            gender: null,
            date_of_birth: null,
            country: null,
            countryregion: null,
            city: null,
            personal: '{}',
            personal_in_review: '{}',
            main_image_id: null,
            push_subscription: null,
            timezone: null,
            referrer: null,
            form_path: null,
            listed: 0,
            payment_country: null,
            monthly_spending_limit: null,
            monthly_spending_limit_currency: null,
            monthly_spending_limit_pending: null,
            monthly_spending_limit_pending_at: null,
          })
          .where('id', '=', id)
          .execute();
        const exportFiles = exports.flatMap((row) => (row.file ? [row.file] : []));
        const names = images.flatMap((image) => [image.filename, image.thumb_filename]);
        if (names.length === 0) return exportFiles;
        // Demo profiles share avatar files; only remove what no one else shows.
        const stillUsed = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where((eb) => eb.or([eb('filename', 'in', names), eb('thumb_filename', 'in', names)]))
          .execute();
        const kept = new Set(stillUsed.flatMap((image) => [image.filename, image.thumb_filename]));
        return [...exportFiles, ...names.filter((name) => !kept.has(name))];
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
