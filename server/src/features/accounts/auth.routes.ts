import { hash, verify } from '@node-rs/argon2';
import { LoginRequestSchema, UserSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { requireOwnPage } from '../../plugins/csrf.js';
import { clearSessionCookie, setSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import type { LoginThrottle } from './login-throttle.js';
import type { TwoFactor } from './two-factor.js';
import { SESSION_COOKIE, type SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { loadUser } from '../../platform/sessions/user.js';
import { createAccountsRepository } from './accounts.repository.js';

export interface AuthRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  cookie: SessionCookieOptions;
  loginThrottle: LoginThrottle;
  twoFactor: TwoFactor;
}

const LOGIN_WINDOW_MS = 15 * 60_000;

const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'The e-mail address or password is incorrect.');

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, sessions, cookie, loginThrottle, twoFactor } = options;
  const accounts = createAccountsRepository(db);
  // Verifying against a real hash when the address is unknown keeps both answers equally slow.
  const decoyHash = await hash('decoy-password-for-unknown-accounts');

  app.get(
    '/api/user.php',
    { config: { access: 'member' }, schema: { response: { 200: UserSchema } } },
    async (request) => loadUser(db, request.member, { fictionalIcon: request.site.config.fictional_icon }),
  );

  /*
   * No limit per account across all addresses: strangers could then keep the owner out at will.
   * Guessing from many addresses is slowed by each address's own waits and per-address limit.
   */
  app.post(
    '/api/login.php',
    {
      config: { access: 'public', limits: [app.limits.perIp('login', 20, LOGIN_WINDOW_MS)] },
      schema: { body: LoginRequestSchema, response: { 200: UserSchema } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const waitMs = await loginThrottle.waitMs(email, request.ip);
      if (waitMs > 0) {
        reply.header('retry-after', Math.ceil(waitMs / 1000));
        throw new AppError(
          429,
          'rate_limited',
          'Too many wrong passwords. Please wait a little or reset your password.',
        );
      }
      const member = await accounts.findLoginAccount(request.site.id, email);
      const passwordOk = await verify(member?.password_hash ?? decoyHash, request.body.password);
      if (!member?.password_hash || !passwordOk) {
        await loginThrottle.failed(email, request.ip);
        throw invalidCredentials();
      }
      await loginThrottle.succeeded(email, request.ip);
      if (await twoFactor.isEnabled(member.id)) return twoFactor.askForCode(reply, member, cookie);

      // A fresh session id on every login, so a planted cookie never becomes a logged-in one.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create(member.id);
      setSessionCookie(reply, session.token, session.expiresAt, cookie);
      return loadUser(db, member, { fictionalIcon: request.site.config.fictional_icon });
    },
  );

  app.get(
    '/api/logout.php',
    { config: { access: 'public', guards: [requireOwnPage] }, schema: { response: { 200: z.literal('done') } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessions.destroy(token);
      clearSessionCookie(reply, cookie);
      reply.type('text/plain; charset=utf-8');
      return 'done' as const;
    },
  );
};
