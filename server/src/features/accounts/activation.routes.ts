import { ActivateStatusSchema, ActivationResentSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { MINUTE_MS } from '../../lib/time.js';
import { readSentQuery, requireMember, requireMemberFor } from '../../plugins/session.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createActivationMail, type ActivationMailOptions } from './activation-mail.js';

export interface ActivationRoutesOptions extends ActivationMailOptions {
  db: Db;
}

/** The sign-up's confirm step: the mailed link, the progress screen's poll, and sending the link again. */
export const activationRoutes: FastifyPluginAsyncZod<ActivationRoutesOptions> = async (app, options) => {
  const { db, tokens, mail } = options;
  const sendActivation = createActivationMail(options);
  const accounts = createAccountsRepository(db);

  // The mailed link works for anyone who has it (it may be opened on another device); without a
  // token this is the progress screen's poll, a member's call.
  app.get(
    '/api/activate.php',
    {
      config: { access: 'optional', guards: [requireMemberFor((request) => !readSentQuery(request, 'token'))] },
      schema: {
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: ActivateStatusSchema },
      },
    },
    async (request, reply) => {
      if (request.query.token) {
        const check = await tokens.consume(request.query.token, 'activate');
        if (!check.ok) return reply.redirect('/activate/error');
        await accounts.confirm(check.memberId);
        return reply.redirect('/activate/done');
      }
      // The guard has refused a visitor already; this tells the type so.
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
