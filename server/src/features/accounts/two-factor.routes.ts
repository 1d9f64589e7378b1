import { verify } from '@node-rs/argon2';
import {
  LOGIN_CODE_PATH,
  LoginCodeRequestSchema,
  RecoveryCodesResponseSchema,
  TotpEnrolmentSchema,
  TWO_FACTOR_PATH,
  TWO_FACTOR_SETUP_PATH,
  TwoFactorConfirmRequestSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorStatusSchema,
  UserSchema,
  VALIDATION,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, invalidInput } from '../../errors.js';
import { MINUTE_MS } from '../../lib/time.js';
import { SESSION_COOKIE, type SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { loadUser } from '../../platform/sessions/user.js';
import { setSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import { createAccountsRepository } from './accounts.repository.js';
import type { TwoFactor } from './two-factor.js';

export interface TwoFactorRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  twoFactor: TwoFactor;
  cookie: SessionCookieOptions;
}

const CODE_WINDOW_MS = 15 * MINUTE_MS;
/** Codes one account may be tried with in the window, from anywhere: 10 in a million per quarter hour. */
export const LOGIN_CODES_PER_ACCOUNT = 10;
/** Codes one address may try across accounts. */
export const LOGIN_CODES_PER_IP = 30;

const loginExpired = () =>
  new AppError(
    401,
    'invalid_credentials',
    'This login has expired. Please enter your e-mail address and password again.',
  );

/** The member's own two-factor settings, and the second step of a login that has it on. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, options) => {
  const { db, sessions, twoFactor, cookie } = options;
  const accounts = createAccountsRepository(db);
  const codeLimit = app.limits.perMember('two-factor-code', LOGIN_CODES_PER_ACCOUNT, CODE_WINDOW_MS);

  app.get(
    TWO_FACTOR_PATH,
    { config: { access: 'member' }, schema: { response: { 200: TwoFactorStatusSchema } } },
    async (request) => twoFactor.status(request.member.id),
  );

  app.post(
    TWO_FACTOR_SETUP_PATH,
    { config: { access: 'member' }, schema: { response: { 200: TotpEnrolmentSchema } } },
    async (request) => twoFactor.offer(request.member, request.site.config.name),
  );

  app.put(
    TWO_FACTOR_PATH,
    {
      config: { access: 'member', limits: [codeLimit] },
      schema: { body: TwoFactorConfirmRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => ({ recovery_codes: await twoFactor.confirm(request.member.id, request.body.code) }),
  );

  app.delete(
    TWO_FACTOR_PATH,
    {
      config: { access: 'member', limits: [codeLimit] },
      schema: { body: TwoFactorDisableRequestSchema, response: { 200: TwoFactorStatusSchema } },
    },
    async (request) => {
      const { member } = request;
      if (!member.password_hash || !(await verify(member.password_hash, request.body.password))) {
        throw invalidInput({ password: VALIDATION.passwordWrong });
      }
      if (!(await twoFactor.accepts(member.id, { code: request.body.code }))) {
        throw invalidInput({ code: VALIDATION.codeWrong }, 'That code is not right.');
      }
      await twoFactor.disable(member.id);
      return twoFactor.status(member.id);
    },
  );

  app.post(
    LOGIN_CODE_PATH,
    {
      config: {
        access: 'public',
        limits: [
          app.limits.perIp('login-code', LOGIN_CODES_PER_IP, CODE_WINDOW_MS),
          // Counted per account (the waiting login's member), whichever addresses the codes come from.
          app.limits.perEmail(
            'login-code-account',
            LOGIN_CODES_PER_ACCOUNT,
            CODE_WINDOW_MS,
            (request) => `member:${twoFactor.pendingMemberId(request) ?? request.ip}`,
          ),
        ],
      },
      schema: { body: LoginCodeRequestSchema, response: { 200: UserSchema } },
    },
    async (request, reply) => {
      const memberId = twoFactor.pendingMemberId(request);
      const member =
        memberId === undefined ? undefined : await accounts.findLoginAccountById(request.site.id, memberId);
      if (!member || !twoFactor.samePassword(request, member)) throw loginExpired();
      if (!(await twoFactor.accepts(member.id, request.body))) {
        const field = request.body.code === undefined ? 'recovery_code' : 'code';
        throw invalidInput({ [field]: field === 'code' ? VALIDATION.codeWrong : VALIDATION.recoveryCodeWrong });
      }
      twoFactor.endPendingLogin(reply, cookie);
      // A fresh session id on every login, so a planted cookie never becomes a logged-in one.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create(member.id);
      setSessionCookie(reply, session.token, session.expiresAt, cookie);
      return loadUser(db, member, { fictionalIcon: request.site.config.fictional_icon });
    },
  );
};
