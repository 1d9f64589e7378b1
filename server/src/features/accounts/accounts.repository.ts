import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { seenChange, statusChange } from '../../db/member-changes.js';
import type { MemberRow, MembersTable } from '../../db/schema.js';
import { deletedEmailKey } from './deleted-email.js';
import { mailProviderOf } from './mail-provider.js';

/** What a member's own profile calls may change; search and cards see it within a second (seenChange). */
type ProfileChanges = Pick<
  Updateable<MembersTable>,
  'country' | 'countryregion' | 'city' | 'gender' | 'date_of_birth' | 'name' | 'personal'
>;

/** The accounts feature's reads and writes of members; every write is by the member's own id. */
export function createAccountsRepository(db: Db) {
  return {
    /** A member the caller already knows exists: the session's, or a consumed token's. */
    byId(id: number): Promise<MemberRow> {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The account this address logs in to on this site; deleted and banned accounts have none. */
    findLoginAccount(siteId: number, email: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('email_normalized', '=', email.toLowerCase())
        .where('status', 'in', ['active', 'not_confirmed'])
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

    async updateProfile(memberId: number, changes: ProfileChanges): Promise<void> {
      await db
        .updateTable('members')
        .set({ ...changes, ...seenChange() })
        .where('id', '=', memberId)
        .execute();
    },

    /**
     * Erases the member's data and keeps the row as a deleted tombstone, in one transaction.
     * Returns the photo files no other member shows, for the caller to remove once it committed.
     */
    erase(member: Pick<MemberRow, 'id' | 'email'>): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const images = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where('member_id', '=', member.id)
          .execute();
        await trx.deleteFrom('member_images').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('sessions').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('account_tokens').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('member_tracking').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('member_searches').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('push_subscriptions').where('member_id', '=', member.id).execute();
        // The mail log names every address the member used, the goodbye just sent included.
        await trx.deleteFrom('mail_deliveries').where('member_id', '=', member.id).execute();
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
            main_image_id: null,
            push_subscription: null,
            timezone: null,
            referrer: null,
            form_path: null,
          })
          .where('id', '=', member.id)
          .execute();
        const names = images.flatMap((image) => [image.filename, image.thumb_filename]);
        if (names.length === 0) return [];
        // Demo profiles share avatar files; only remove what no one else shows.
        const stillUsed = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where((eb) => eb.or([eb('filename', 'in', names), eb('thumb_filename', 'in', names)]))
          .execute();
        const kept = new Set(stillUsed.flatMap((image) => [image.filename, image.thumb_filename]));
        return names.filter((name) => !kept.has(name));
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
