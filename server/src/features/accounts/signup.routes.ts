import {
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  SignupRequestSchema,
  UpdateLocationSchema,
  UpdateProfileSchema,
  UserSchema,
} from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { invalidInput } from '../../errors.js';
import { parseOrThrow } from '../../lib/parse.js';
import { MINUTE_MS } from '../../lib/time.js';
import type { SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { loadUser } from '../../platform/sessions/user.js';
import {
  readSentQuery,
  requireMember,
  requireMemberFor,
  setSessionCookie,
  type SessionCookieOptions,
} from '../../plugins/session.js';
import { createAccount } from './account-step.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createActivationMail, type ActivationMailOptions } from './activation-mail.js';
import { createProfileSteps } from './profile-steps.js';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.js';

export interface SignupRoutesOptions extends ActivationMailOptions {
  db: Db;
  sessions: SessionsRepository;
  cookie: SessionCookieOptions;
}

/**
 * /api/user.php, the sign-up's steps (spec §2): the account (POST ?new=1), push (POST and DELETE
 * ?push=1), and location, personal and about answers (PUT). Each answers with the user object.
 */
export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, options) => {
  const { db, sessions } = options;
  const sendActivation = createActivationMail(options);
  const pushSubscriptions = createPushSubscriptionsRepository(db);
  const userOf = (request: FastifyRequest, member: MemberRow) =>
    loadUser(db, member, { fictionalIcon: request.site.config.fictional_icon });
  const accounts = createAccountsRepository(db);
  const profileSteps = createProfileSteps(db);

  app.post(
    '/api/user.php',
    {
      config: {
        access: 'optional',
        // Any ?push asks for the member's call, so a visitor learns only that it needs a session.
        guards: [requireMemberFor((request) => readSentQuery(request, 'push') !== undefined)],
        limits: [app.limits.perIp('signup', 10, 60 * MINUTE_MS)],
      },
      schema: {
        querystring: z.object({ new: z.literal('1').optional(), push: z.literal('1').optional() }),
        response: { 200: UserSchema },
      },
    },
    async (request, reply) => {
      if (request.query.push) {
        // The guard has refused a visitor already; this tells the type so.
        requireMember(request);
        const subscription = parseOrThrow(PushSubscriptionSchema, request.body);
        const memberId = request.member.id;
        await pushSubscriptions.save(memberId, subscription);
        return userOf(request, await accounts.byId(memberId));
      }
      if (request.query.new) {
        const member = await createAccount(accounts, request.site, parseOrThrow(SignupRequestSchema, request.body));
        const session = await sessions.create(member.id);
        setSessionCookie(reply, session.token, session.expiresAt, options.cookie);
        await sendActivation(request, member);
        return userOf(request, member);
      }
      throw invalidInput({ query: 'Use ?new=1 to sign up or ?push=1 to store a push subscription.' });
    },
  );

  /** Push turned off on a device. */
  app.delete(
    '/api/user.php',
    {
      config: { access: 'member' },
      schema: {
        querystring: z.object({ push: z.literal('1') }),
        body: PushUnsubscribeSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const { endpoint } = request.body;
      const memberId = request.member.id;
      await pushSubscriptions.remove(memberId, endpoint);
      return userOf(request, await accounts.byId(memberId));
    },
  );

  app.put(
    '/api/user.php',
    { config: { access: 'member' }, schema: { response: { 200: UserSchema } } },
    async (request) => {
      const member = request.member;
      const body = request.body as Record<string, unknown> | null;
      const isLocation = body !== null && typeof body === 'object' && 'country' in body && !('profile' in body);
      if (isLocation) {
        await profileSteps.saveLocation(request.site.config, member.id, parseOrThrow(UpdateLocationSchema, body));
      } else {
        await profileSteps.saveProfile(request.site, member, parseOrThrow(UpdateProfileSchema, body));
      }
      return userOf(request, await accounts.byId(member.id));
    },
  );
};
