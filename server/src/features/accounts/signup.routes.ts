import { hash } from '@node-rs/argon2';
import {
  ACTIVATION_LINK_TTL_MS,
  ActivateStatusSchema,
  ActivationResentSchema,
  defaultName,
  isLocale,
  nameProblem,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  SignupRequestSchema,
  UpdateLocationSchema,
  UpdateProfileSchema,
  UserSchema,
  VALIDATION,
  ValidateEmailResponseSchema,
  type SignupRequest,
} from '@rendezvous/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import { recordLanderSignup } from '../../db/lander-signups.js';
import { seenChange, statusChange } from '../../db/member-changes.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError, invalidInput } from '../../errors.js';
import { grant } from '../../ledger/credit-ledger.js';
import { parseOrThrow } from '../../lib/parse.js';
import { requireMember, setSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import type { AccountTokens } from './account-tokens.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import { emailCheckToken, emailStatus } from './email-status.js';
import { mailProviderOf } from './mail-provider.js';
import { checkProfile } from './profile-input.js';
import type { SessionsRepository } from './sessions.repository.js';
import { siteOrigin } from './site-origin.js';
import { loadUser } from './user.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/*
 * The e-mail check must tell the sign-up form whether an address is taken (spec §4), so it tells
 * anyone. These limits keep that to a person typing an address: a burst while typing, a day's
 * worth from one client, and a few checks of any one address however many clients ask.
 */
export const EMAIL_CHECKS_PER_CLIENT_PER_MINUTE = 30;
export const EMAIL_CHECKS_PER_CLIENT_PER_DAY = 200;
export const EMAIL_CHECKS_PER_ADDRESS_PER_HOUR = 10;

export interface SignupRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  tokens: AccountTokens;
  mail: AccountMail;
  cookie: SessionCookieOptions;
  publicUrl: PublicUrl;
  sessionSecret: string;
}

/** Spec §6: sign-ups are open, open to visitors from a traffic-source network, or closed. */
function signupsAllowed(mode: string, trafficSource: SignupRequest['trafficsource']): boolean {
  return mode === 'all' || (mode === 'with_trafficsource' && Boolean(trafficSource?.network));
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, options) => {
  const { db, sessions, tokens, mail } = options;
  const userOf = (request: FastifyRequest, member: MemberRow) =>
    loadUser(db, member, { fictionalIcon: request.site.config.fictional_icon });
  const reloadMember = (id: number) =>
    db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function sendActivation(request: FastifyRequest, member: MemberRow) {
    await tokens.revoke(member.id, 'activate');
    const token = await tokens.issue(member.id, 'activate', ACTIVATION_LINK_TTL_MS);
    const { site } = request;
    const link = `${siteOrigin(site, options.publicUrl)}/api/activate.php?token=${encodeURIComponent(token)}`;
    // The member is already on the progress screen, which polls for the result; a slow mail server must not hold them up.
    void mail
      .send('activation', accountMailTo(member, site.config, link))
      .catch((error: unknown) => request.log.error({ err: error, memberId: member.id }, 'activation mail failed'));
  }

  async function signUp(request: FastifyRequest, reply: FastifyReply) {
    const body = parseOrThrow(SignupRequestSchema, request.body);
    const { site } = request;
    if (!signupsAllowed(site.config.signups, body.trafficsource)) {
      throw new AppError(403, 'signups_closed', 'New sign-ups are by invitation only on this site.');
    }
    const status = await emailStatus(db, site.id, body.email);
    if (status !== 'new') {
      throw invalidInput({
        email: status === 'invalid' || status === 'deleted' ? VALIDATION.emailNotAllowed : VALIDATION.emailTaken,
      });
    }
    const { country, region, city, gender, date_of_birth, ...extra } = body.profile ?? {};
    const profile = await checkProfile(db, site.config, { country, region, city, gender, date_of_birth, extra });
    const now = Date.now();
    const language = isLocale(body.language) ? body.language : site.config.domain_language;

    let member: MemberRow;
    try {
      member = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('members')
          .values({
            site_id: site.id,
            email: body.email,
            email_normalized: body.email.toLowerCase(),
            name: body.name || defaultName(body.email),
            password_hash: await hash(body.password),
            status: 'not_confirmed',
            mailprovider: mailProviderOf(body.email),
            language,
            timezone: body.timezone ?? null,
            form_path: body.form_path ?? null,
            referrer: body.referrer ?? null,
            signup_at: now,
            last_active_at: now,
            ...profile.columns,
            personal: JSON.stringify(profile.personal),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const welcome = site.config.welcome_credits;
        if (welcome > 0) created.credits = await grant(trx, created.id, welcome, 'welcome');
        const source = body.trafficsource;
        if (source?.network) {
          await trx
            .insertInto('member_tracking')
            .values({
              member_id: created.id,
              network: source.network,
              ref: source.ref ?? null,
              sub1: source.sub1 ?? source.sub ?? null,
              sub2: source.sub2 ?? null,
              sub3: source.sub3 ?? null,
              created_at: now,
            })
            .execute();
        }
        await recordLanderSignup(trx, created.id, body.form_path, now);
        return created;
      });
    } catch (error) {
      // Two sign-ups with one address at the same moment: the second learns the address is taken.
      if (isUniqueViolation(error)) throw invalidInput({ email: VALIDATION.emailTaken });
      throw error;
    }

    const session = await sessions.create(member.id);
    setSessionCookie(reply, session.token, session.expiresAt, options.cookie);
    await sendActivation(request, member);
    return userOf(request, member);
  }

  /**
   * One row per device (endpoint). A browser holds one subscription, so when someone else logs in
   * on it and subscribes, the device moves to them.
   */
  async function subscribePush(request: FastifyRequest, memberId: number) {
    const subscription = parseOrThrow(PushSubscriptionSchema, request.body);
    const stored = JSON.stringify(subscription);
    await db
      .insertInto('push_subscriptions')
      .values({ member_id: memberId, endpoint: subscription.endpoint, subscription: stored, created_at: Date.now() })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet({ member_id: memberId, subscription: stored, created_at: Date.now() }),
      )
      .execute();
    return userOf(request, await reloadMember(memberId));
  }

  app.post(
    '/api/user.php',
    {
      config: { access: 'optional', limits: [app.limits.perIp('signup', 10, 60 * MINUTE_MS)] },
      schema: {
        querystring: z.object({ new: z.literal('1').optional(), push: z.literal('1').optional() }),
        response: { 200: UserSchema },
      },
    },
    async (request, reply) => {
      if (request.query.new) return signUp(request, reply);
      if (request.query.push) {
        requireMember(request);
        return subscribePush(request, request.member.id);
      }
      throw invalidInput({ query: 'Use ?new=1 to sign up or ?push=1 to store a push subscription.' });
    },
  );

  /** Push turned off on a device: only the session member's own subscription goes. */
  app.delete(
    '/api/user.php',
    {
      config: { access: 'member' },
      schema: { querystring: z.object({ push: z.literal('1') }), response: { 200: UserSchema } },
    },
    async (request) => {
      const { endpoint } = parseOrThrow(PushUnsubscribeSchema, request.body);
      const memberId = request.member.id;
      await db
        .deleteFrom('push_subscriptions')
        .where('member_id', '=', memberId)
        .where('endpoint', '=', endpoint)
        .execute();
      return userOf(request, await reloadMember(memberId));
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
        const location = parseOrThrow(UpdateLocationSchema, body);
        const { columns } = await checkProfile(db, request.site.config, {
          country: location.country,
          region: location.countryregion ?? null,
          city: location.city ?? null,
        });
        await db
          .updateTable('members')
          .set({ ...columns, ...seenChange() })
          .where('id', '=', member.id)
          .execute();
      } else {
        const { profile } = parseOrThrow(UpdateProfileSchema, body);
        const { gender, date_of_birth, name, personal, ...extra } = profile;
        const nameRefused = name === undefined ? null : nameProblem(name, member.email);
        if (nameRefused) throw invalidInput({ 'profile.name': nameRefused });
        const checked = await checkProfile(db, request.site.config, {
          gender,
          date_of_birth,
          extra: { ...personal, ...extra },
        });
        // Each onboarding step and profile section saves its own part; other answers stay.
        const merged = { ...(JSON.parse(member.personal) as Record<string, string>), ...checked.personal };
        for (const field of checked.cleared) delete merged[field];
        await db
          .updateTable('members')
          .set({
            ...checked.columns,
            ...(name === undefined ? {} : { name }),
            personal: JSON.stringify(merged),
            ...seenChange(),
          })
          .where('id', '=', member.id)
          .execute();
      }
      return userOf(request, await reloadMember(member.id));
    },
  );

  app.get(
    '/api/validate_email.php',
    {
      config: {
        access: 'public',
        limits: [
          app.limits.perIp('validate-email', EMAIL_CHECKS_PER_CLIENT_PER_MINUTE, MINUTE_MS),
          app.limits.perIp('validate-email-day', EMAIL_CHECKS_PER_CLIENT_PER_DAY, DAY_MS),
          app.limits.perEmail(
            'validate-email-address',
            EMAIL_CHECKS_PER_ADDRESS_PER_HOUR,
            HOUR_MS,
            (request) => (request.query as { email: string }).email,
          ),
        ],
      },
      schema: {
        querystring: z.object({ email: z.string().max(320) }),
        response: { 200: ValidateEmailResponseSchema },
      },
    },
    async (request) => {
      const email = request.query.email.trim();
      return {
        token: emailCheckToken(options.sessionSecret, request.site.id, email),
        status: await emailStatus(db, request.site.id, email),
        email: email.toLowerCase(),
        request_email: request.query.email,
      };
    },
  );

  app.get(
    '/api/activate.php',
    {
      config: { access: 'optional' },
      schema: {
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: ActivateStatusSchema },
      },
    },
    async (request, reply) => {
      if (request.query.token) {
        const check = await tokens.consume(request.query.token, 'activate');
        if (!check.ok) return reply.redirect('/activate/error');
        await db
          .updateTable('members')
          .set({ ...statusChange('active'), activated_at: Date.now() })
          .where('id', '=', check.memberId)
          .where('status', '=', 'not_confirmed')
          .execute();
        return reply.redirect('/activate/done');
      }
      requireMember(request);
      const { member } = request;
      return { delivered: await mail.wasDelivered(member.id, 'activation'), active: member.status === 'active' };
    },
  );

  app.post(
    '/api/activate.php',
    {
      config: { access: 'member', limits: [app.limits.perIp('activation-resend', 5, 60 * MINUTE_MS)] },
      schema: { response: { 200: ActivationResentSchema } },
    },
    async (request) => {
      const member = request.member;
      if (member.status !== 'not_confirmed') {
        throw new AppError(409, 'already_confirmed', 'This e-mail address is already confirmed.');
      }
      await sendActivation(request, member);
      return { sent: true as const };
    },
  );
};
