import { ValidateEmailResponseSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/time.js';
import { createAccountsRepository } from './accounts.repository.js';
import { emailCheckToken, emailStatus } from './email-status.js';

/*
 * The e-mail check must tell the sign-up form whether an address is taken (spec §4), so it tells
 * anyone. These limits keep that to a person typing an address: a burst while typing, a day's
 * worth from one client, and a few checks of any one address however many clients ask.
 */
export const EMAIL_CHECKS_PER_CLIENT_PER_MINUTE = 30;
export const EMAIL_CHECKS_PER_CLIENT_PER_DAY = 200;
export const EMAIL_CHECKS_PER_ADDRESS_PER_HOUR = 10;

export interface EmailCheckRoutesOptions {
  db: Db;
  sessionSecret: string;
}

/** The sign-up's account step asks whether an address can be used while it is typed. */
export const emailCheckRoutes: FastifyPluginAsyncZod<EmailCheckRoutesOptions> = async (app, { db, sessionSecret }) => {
  const accounts = createAccountsRepository(db);

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
        token: emailCheckToken(sessionSecret, request.site.id, email),
        status: await emailStatus(accounts, request.site.id, email),
        email: email.toLowerCase(),
        request_email: request.query.email,
      };
    },
  );
};
