import { hash, verify } from '@node-rs/argon2';
import { PasswordChangedSchema, PasswordChangeSchema, VALIDATION } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { invalidInput } from '../../errors.js';
import { setSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { HOUR_MS } from '../../lib/time.js';
import { createAccountsRepository } from './accounts.repository.js';

/** Each try costs an argon2 verify, and a wrong one is a guess at the password. */
const CHANGES_PER_IP_PER_HOUR = 10;

export interface PasswordChangeRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  tokens: AccountTokensRepository;
  cookie: SessionCookieOptions;
}

/** POST /api/password_change.php: a logged-in member sets a new password, proving they know the current one. */
export const passwordChangeRoutes: FastifyPluginAsyncZod<PasswordChangeRoutesOptions> = async (app, options) => {
  const { db, sessions, tokens } = options;
  const accounts = createAccountsRepository(db);

  app.post(
    '/api/password_change.php',
    {
      config: { access: 'member', limits: [app.limits.perIp('password-change', CHANGES_PER_IP_PER_HOUR, HOUR_MS)] },
      schema: { body: PasswordChangeSchema, response: { 200: PasswordChangedSchema } },
    },
    async (request, reply) => {
      const { member, body } = request;
      if (!member.password_hash || !(await verify(member.password_hash, body.current_password))) {
        throw invalidInput({ current_password: VALIDATION.passwordWrong });
      }
      await accounts.setPasswordHash(member.id, await hash(body.password));
      // Whoever knew the old password is logged out everywhere, and a reset link mailed before no longer works.
      // This browser stays logged in on a fresh session.
      await tokens.revoke(member.id, 'reset_password');
      await sessions.destroyAllFor(member.id);
      const session = await sessions.create(member.id);
      setSessionCookie(reply, session.token, session.expiresAt, options.cookie);
      return { changed: true as const };
    },
  );
};
