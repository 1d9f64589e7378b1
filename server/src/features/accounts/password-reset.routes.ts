import { hash } from '@node-rs/argon2';
import {
  PasswordResetDoSchema,
  PasswordResetRequestSchema,
  PasswordResetSentSchema,
  UserSchema,
  VALIDATION,
  type PasswordResetRequest,
} from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import { invalidInput } from '../../errors.js';
import { setSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import type { TwoFactor } from './two-factor.js';
import { createAccountLinks } from './account-links.js';
import type { AccountMail } from './account-mail.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { loadUser } from '../../platform/sessions/user.js';
import { HOUR_MS } from '../../lib/time.js';
import { createAccountsRepository } from './accounts.repository.js';

export interface PasswordResetRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  tokens: AccountTokensRepository;
  mail: AccountMail;
  cookie: SessionCookieOptions;
  publicUrl: PublicUrl;
  loginThrottle: LoginThrottle;
  twoFactor: TwoFactor;
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (app, options) => {
  const { db, sessions, tokens } = options;
  const accounts = createAccountsRepository(db);
  const links = createAccountLinks(options);
  /** Resets still being looked up or mailed; closing waits for them rather than cut them off. */
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  async function mailResetLink(site: FastifyRequest['site'], email: string) {
    const member = await accounts.findLoginAccount(site.id, email);
    if (!member) return;
    await links.passwordReset(site, member);
  }

  app.post(
    '/api/password_reset.php',
    {
      config: {
        access: 'public',
        limits: [
          app.limits.perIp('password-reset', 10, HOUR_MS),
          app.limits.perEmail(
            'password-reset-email',
            3,
            HOUR_MS,
            (request) => (request.body as PasswordResetRequest).email,
          ),
        ],
      },
      schema: { body: PasswordResetRequestSchema, response: { 200: PasswordResetSentSchema } },
    },
    async (request) => {
      // Answered before the lookup, the same way and as fast either way, so neither the answer nor
      // its timing tells whether the address has an account. Failures can only go to the log.
      const { site } = request;
      const { email } = request.body;
      // After this turn of the event loop, once the answer is out: SQLite answers synchronously, so
      // work started now would run before the response is written.
      const sending = new Promise((resolve) => setImmediate(resolve))
        .then(() => mailResetLink(site, email))
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset failed'));
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      return { sent: true as const };
    },
  );

  /** The link's page posts here: a valid, unused link sets the password and ends every other session. */
  app.post(
    '/api/password_reset_confirm.php',
    {
      config: { access: 'public', limits: [app.limits.perIp('password-reset-confirm', 20, HOUR_MS)] },
      schema: { body: PasswordResetDoSchema, response: { 200: UserSchema } },
    },
    async (request, reply) => {
      const check = await tokens.consume(request.body.token, 'reset_password');
      if (!check.ok) throw invalidInput({ token: VALIDATION.linkInvalid });
      await accounts.setPasswordHash(check.memberId, await hash(request.body.password));
      await sessions.destroyAllFor(check.memberId);
      const member = await accounts.byId(check.memberId);
      await options.loginThrottle.clearAccount(member.email_normalized);
      // A mailed link is one factor: with two-factor login on, the new password still needs the code.
      if (await options.twoFactor.isEnabled(member.id))
        return options.twoFactor.askForCode(reply, member, options.cookie);
      const session = await sessions.create(check.memberId);
      setSessionCookie(reply, session.token, session.expiresAt, options.cookie);
      return loadUser(db, member, { fictionalIcon: request.site.config.fictional_icon });
    },
  );
};
