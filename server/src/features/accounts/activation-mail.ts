import type { FastifyRequest } from 'fastify';
import type { MemberRow } from '../../db/schema.js';
import { createAccountLinks, type AccountLinkOptions } from './account-links.js';

export type ActivationMailOptions = AccountLinkOptions;

/** Sends a fresh activation link; an earlier one stops working. */
export function createActivationMail(options: ActivationMailOptions) {
  const links = createAccountLinks(options);
  return async function sendActivation(request: FastifyRequest, member: MemberRow): Promise<void> {
    // The member is already on the progress screen, which polls for the result; a slow mail server must not hold them up.
    // Counted as on its way from the start: a node that stops right after the answer still sends it.
    void options.mail
      .inBackground(() => links.activation(request.site, member))
      .catch((error: unknown) => request.log.error({ err: error, memberId: member.id }, 'activation mail failed'));
  };
}
