import { verify } from '@node-rs/argon2';
import { AccountDeletedSchema, DeleteAccountSchema, VALIDATION } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidInput } from '../../errors.js';
import { HOUR_MS } from '../../lib/time.js';
import { clearSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import type { MemberAccountActions } from './member-account-actions.js';

export interface DeleteAccountRoutesOptions {
  /** The one erasure, which staff deleting an account on a member's request use too. */
  accounts: Pick<MemberAccountActions, 'erase'>;
  cookie: SessionCookieOptions;
}

export const deleteAccountRoutes: FastifyPluginAsyncZod<DeleteAccountRoutesOptions> = async (app, options) => {
  const { accounts } = options;

  app.post(
    '/api/account_delete.php',
    {
      config: { access: 'member', limits: [app.limits.perIp('account-delete', 10, HOUR_MS)] },
      schema: { body: DeleteAccountSchema, response: { 200: AccountDeletedSchema } },
    },
    async (request, reply) => {
      const member = request.member;
      if (!member.password_hash || !(await verify(member.password_hash, request.body.password))) {
        throw invalidInput({ password: VALIDATION.passwordWrong });
      }
      await accounts.erase(member.id, request.log);
      clearSessionCookie(reply, options.cookie);
      return { deleted: true as const };
    },
  );
};
