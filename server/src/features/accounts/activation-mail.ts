import { ACTIVATION_LINK_TTL_MS } from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { PublicUrl } from '../../config.js';
import type { MemberRow } from '../../db/schema.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';

export interface ActivationMailOptions {
  tokens: AccountTokensRepository;
  mail: AccountMail;
  publicUrl: PublicUrl;
}

/** Sends a fresh activation link; an earlier one stops working. */
export function createActivationMail({ tokens, mail, publicUrl }: ActivationMailOptions) {
  return async function sendActivation(request: FastifyRequest, member: MemberRow): Promise<void> {
    await tokens.revoke(member.id, 'activate');
    const token = await tokens.issue(member.id, 'activate', ACTIVATION_LINK_TTL_MS);
    const { site } = request;
    const link = `${siteOrigin(site, publicUrl)}/api/activate.php?token=${encodeURIComponent(token)}`;
    // The member is already on the progress screen, which polls for the result; a slow mail server must not hold them up.
    void mail
      .send('activation', accountMailTo(member, site.config, link))
      .catch((error: unknown) => request.log.error({ err: error, memberId: member.id }, 'activation mail failed'));
  };
}
