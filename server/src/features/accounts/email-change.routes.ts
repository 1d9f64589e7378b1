import { verify } from '@node-rs/argon2';
import {
  EMAIL_CHANGE_UNDO_LINK_TTL_MS,
  EMAIL_CHANGE_UNDO_PARAM,
  EmailChangeConfirmSchema,
  EmailChangedSchema,
  EmailChangePendingSchema,
  EmailChangeRequestSchema,
  EmailChangeUndoneSchema,
  EmailChangeUndoSchema,
  PASSWORD_RESET_LINK_TTL_MS,
  VALIDATION,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { invalidInput } from '../../errors.js';
import type { Notifier } from '../../notifier/notifier.js';
import { createAccountLinks } from './account-links.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import { emailStatus } from './email-status.js';
import type { SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import { DAY_MS, HOUR_MS } from '../../lib/time.js';
import { createAccountsRepository } from './accounts.repository.js';

/** Each request mails an address the member names, and client addresses are cheap to change. */
const EMAIL_CHANGES_PER_MEMBER_PER_DAY = 5;

export interface EmailChangeRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  tokens: AccountTokensRepository;
  mail: AccountMail;
  notifier: Notifier;
  publicUrl: PublicUrl;
}

/** The page the old address's undo link opens; undoing takes a click there. */
const undoPagePath = (token: string) =>
  `/mail-change/do?${new URLSearchParams({ [EMAIL_CHANGE_UNDO_PARAM]: '1', token }).toString()}`;

export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeRoutesOptions> = async (app, options) => {
  const { db, sessions, tokens, mail, notifier } = options;
  const accounts = createAccountsRepository(db);
  const links = createAccountLinks(options);

  /** Both callers come from a link mailed to `email`, so the address is proven and the account confirmed. */
  const setEmail = async (memberId: number, email: string) => {
    await accounts.setEmail(memberId, email);
    await accounts.confirm(memberId);
    await tokens.revoke(memberId, 'activate');
  };

  app.post(
    '/api/email_change.php',
    {
      config: {
        access: 'member',
        limits: [
          app.limits.perIp('email-change', 10, HOUR_MS),
          app.limits.perMember('email-change-member', EMAIL_CHANGES_PER_MEMBER_PER_DAY, DAY_MS),
        ],
      },
      schema: { body: EmailChangeRequestSchema, response: { 200: EmailChangePendingSchema } },
    },
    async (request) => {
      const member = request.member;
      const { email, password } = request.body;
      if (!member.password_hash || !(await verify(member.password_hash, password))) {
        throw invalidInput({ password: VALIDATION.passwordWrong });
      }
      if (email.toLowerCase() === member.email_normalized) throw invalidInput({ email: VALIDATION.emailSame });
      const status = await emailStatus(accounts, request.site.id, email);
      if (status !== 'new') {
        throw invalidInput({
          email: status === 'active' || status === 'not_confirmed' ? VALIDATION.emailTaken : VALIDATION.emailNotAllowed,
        });
      }
      await links.emailChange(request.site, member, email);
      return { pending: email };
    },
  );

  app.post(
    '/api/email_change_confirm.php',
    {
      config: { access: 'public', limits: [app.limits.perIp('email-change-confirm', 20, HOUR_MS)] },
      schema: { body: EmailChangeConfirmSchema, response: { 200: EmailChangedSchema } },
    },
    async (request) => {
      const check = await tokens.consume(request.body.token, 'change_email');
      if (!check.ok || !check.payload) throw invalidInput({ token: VALIDATION.linkInvalid });
      const member = await accounts.byId(check.memberId);
      const oldEmail = member.email;
      try {
        await setEmail(member.id, check.payload);
      } catch (error) {
        // Someone signed up with that address after the link was sent.
        if (isUniqueViolation(error)) throw invalidInput({ token: VALIDATION.emailTaken });
        throw error;
      }
      const undo = await tokens.issue(member.id, 'undo_email_change', EMAIL_CHANGE_UNDO_LINK_TTL_MS, oldEmail);
      const link = `${siteOrigin(request.site, options.publicUrl)}${undoPagePath(undo)}`;
      void mail
        .send('email_change_notice', { ...accountMailTo(member, request.site.config, link), to: oldEmail })
        .catch((error: unknown) =>
          request.log.error({ err: error, memberId: member.id }, 'e-mail change notice failed'),
        );
      return { email: check.payload };
    },
  );

  /**
   * The button on the page of the notice's link: someone else changed the address, so the old one
   * comes back and every session ends (spec: /notifications#email-change-incorrect). Whoever
   * changed it knew the password, so the answer opens the new-password page.
   */
  app.post(
    '/api/email_change_undo.php',
    {
      config: { access: 'public', limits: [app.limits.perIp('email-change-undo', 20, HOUR_MS)] },
      schema: { body: EmailChangeUndoSchema, response: { 200: EmailChangeUndoneSchema } },
    },
    async (request) => {
      const check = await tokens.consume(request.body.token, 'undo_email_change');
      if (!check.ok || !check.payload) throw invalidInput({ token: VALIDATION.linkInvalid });
      await tokens.revoke(check.memberId, 'change_email');
      try {
        await setEmail(check.memberId, check.payload);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        request.log.warn({ memberId: check.memberId }, 'old address taken meanwhile; change not undone');
        throw invalidInput({ token: VALIDATION.emailTaken });
      }
      await sessions.destroyAllFor(check.memberId);
      // Explained at /notifications#email-change-incorrect once the member is back in.
      await notifier.notify(check.memberId, { kind: 'email_change_incorrect' });
      await tokens.revoke(check.memberId, 'reset_password');
      return { reset_token: await tokens.issue(check.memberId, 'reset_password', PASSWORD_RESET_LINK_TTL_MS) };
    },
  );

  /**
   * Notices sent before the undo took a click link here. Opening them must change nothing, as
   * mail scanners open links too, so they go to the same page as the newer ones.
   */
  app.get(
    '/api/email_change_undo.php',
    { config: { access: 'public' }, schema: { querystring: z.object({ token: z.string().max(200) }) } },
    async (request, reply) => reply.redirect(undoPagePath(request.query.token)),
  );
};
