import {
  ACTIVATION_LINK_TTL_MS,
  EMAIL_CHANGE_LINK_TTL_MS,
  PASSWORD_RESET_LINK_TTL_MS,
  type SiteConfig,
} from '@rendezvous/contract';
import type { PublicUrl } from '../../config.js';
import type { MemberRow } from '../../db/schema.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';

export interface AccountLinkOptions {
  tokens: AccountTokensRepository;
  mail: AccountMail;
  publicUrl: PublicUrl;
}

/** The site a link opens on: its domain for the address, its settings for the sender. */
export interface LinkSite {
  domain: string;
  config: SiteConfig;
}

type LinkMember = Pick<MemberRow, 'id' | 'email' | 'language' | 'name'>;

/**
 * The mailed links of the account flows, each a fresh single-use token that makes the previous one
 * stop working. Members ask for them themselves; staff send them for a member who asks support.
 */
export function createAccountLinks({ tokens, mail, publicUrl }: AccountLinkOptions) {
  return {
    async activation(site: LinkSite, member: LinkMember) {
      await tokens.revoke(member.id, 'activate');
      const token = await tokens.issue(member.id, 'activate', ACTIVATION_LINK_TTL_MS);
      const link = `${siteOrigin(site, publicUrl)}/api/activate.php?token=${encodeURIComponent(token)}`;
      return mail.send('activation', accountMailTo(member, site.config, link));
    },

    async passwordReset(site: LinkSite, member: LinkMember) {
      await tokens.revoke(member.id, 'reset_password');
      const token = await tokens.issue(member.id, 'reset_password', PASSWORD_RESET_LINK_TTL_MS);
      const link = `${siteOrigin(site, publicUrl)}/reset-password/do?token=${encodeURIComponent(token)}`;
      return mail.send('password_reset', accountMailTo(member, site.config, link));
    },

    /** Sent to the new address: only someone who can read it can make the change. */
    async emailChange(site: LinkSite, member: LinkMember, email: string) {
      await tokens.revoke(member.id, 'change_email');
      const token = await tokens.issue(member.id, 'change_email', EMAIL_CHANGE_LINK_TTL_MS, email);
      const link = `${siteOrigin(site, publicUrl)}/mail-change/do?token=${encodeURIComponent(token)}`;
      return mail.send('email_change_confirm', { ...accountMailTo(member, site.config, link), to: email });
    },
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
