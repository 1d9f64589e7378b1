import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError, invalidInput, notFound } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { VALIDATION } from '@rendezvous/contract';
import type { SitesRepository } from '../../platform/sites/sites.repository.js';
import type { AccountLinks } from './account-links.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import { createAccountsRepository } from './accounts.repository.js';
import { emailStatus } from './email-status.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createMemberDataRepository, type MemberData } from './member-data.repository.js';

export interface MemberAccountActionsOptions {
  db: Db;
  sites: SitesRepository;
  links: AccountLinks;
  mail: AccountMail;
  media: MediaStore;
}

/** Where the steps after the erasure log what they could not do. */
interface ActionLog {
  warn(obj: object, msg: string): void;
}

const unavailable = (message: string) => new AppError(409, 'member_unavailable', message);

/**
 * What a member can do about their own account, done by staff for a member who asked support
 * (issue 18): the same mails, links and erasure the member's own pages use, so nothing works
 * differently because staff started it.
 */
export function createMemberAccountActions({ db, sites, links, mail, media }: MemberAccountActionsOptions) {
  const accounts = createAccountsRepository(db);
  const memberData = createMemberDataRepository(db);
  const twoFactor = createTwoFactorRepository(db);

  async function memberAndSite(memberId: number) {
    const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!member) throw notFound('There is no such member.');
    const site = (await sites.all()).find((candidate) => candidate.id === member.site_id);
    if (!site) throw notFound('The member’s site no longer exists.');
    return { member, site };
  }

  /** A person's account that can log in: not a persona, not deleted or banned. */
  function requireLoginAccount(member: MemberRow) {
    if (member.fictional === 1 || (member.status !== 'active' && member.status !== 'not_confirmed')) {
      throw unavailable('This account cannot log in: it is deleted, banned, suspended or a fictional profile.');
    }
  }

  return {
    async sendPasswordReset(memberId: number): Promise<MemberRow> {
      const { member, site } = await memberAndSite(memberId);
      requireLoginAccount(member);
      await links.passwordReset(site, member);
      return member;
    },

    async resendActivation(memberId: number): Promise<MemberRow> {
      const { member, site } = await memberAndSite(memberId);
      requireLoginAccount(member);
      if (member.status !== 'not_confirmed') throw unavailable('This account is confirmed already.');
      await links.activation(site, member);
      return member;
    },

    /** The member's new address gets the confirmation link; the change happens when they follow it. */
    async startEmailChange(memberId: number, email: string): Promise<MemberRow> {
      const { member, site } = await memberAndSite(memberId);
      requireLoginAccount(member);
      if (email.toLowerCase() === member.email_normalized) throw invalidInput({ email: VALIDATION.emailSame });
      const status = await emailStatus(accounts, site.id, email);
      if (status !== 'new') {
        throw invalidInput({
          email: status === 'active' || status === 'not_confirmed' ? VALIDATION.emailTaken : VALIDATION.emailNotAllowed,
        });
      }
      await links.emailChange(site, member, email);
      return member;
    },

    /**
     * Turns off the two-factor login of a member who lost both their phone and recovery codes: they
     * log in with their password again and may set it up anew. The mail tells them, so a member
     * who did not ask (someone else talked support into it) hears of it at once.
     */
    async resetTwoFactor(memberId: number, log: ActionLog): Promise<MemberRow> {
      const { member, site } = await memberAndSite(memberId);
      requireLoginAccount(member);
      if (!(await twoFactor.isEnabled(memberId))) throw unavailable('Two-factor login is not on for this account.');
      await twoFactor.disable(memberId);
      await mail
        .send('two_factor_reset', accountMailTo(member, site.config))
        .catch((error: unknown) => log.warn({ err: error, memberId }, 'two-factor reset mail failed'));
      return member;
    },

    /** Everything stored about the member that is theirs to have: what their own download holds. */
    async exportData(memberId: number): Promise<MemberData> {
      const { member } = await memberAndSite(memberId);
      return memberData.gather(member);
    },

    /**
     * Deletes the account, whether the member's own button or staff on their request: the goodbye
     * mail while the address still exists, the erasure (with `within` in its transaction), then
     * the media files no one else shows.
     */
    async erase(memberId: number, log: ActionLog, within?: (trx: Db) => Promise<void>) {
      const { member, site } = await memberAndSite(memberId);
      if (member.status === 'deleted') throw unavailable('This account is deleted already.');
      if (member.fictional === 1) throw unavailable('Fictional profiles are retired in the personas screen.');
      // A failed mail does not stop the deletion.
      await mail
        .send('account_deleted', accountMailTo(member, site.config))
        .catch((error: unknown) => log.warn({ err: error, memberId }, 'goodbye mail failed'));
      const files = await accounts.erase(member, within);
      for (const name of files) {
        await media.remove(name).catch((error: unknown) => log.warn({ err: error, name }, 'media file not removed'));
      }
    },
  };
}

export type MemberAccountActions = ReturnType<typeof createMemberAccountActions>;
