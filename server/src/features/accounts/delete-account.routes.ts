import { verify } from '@node-rs/argon2';
import { AccountDeletedSchema, DeleteAccountSchema, VALIDATION } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { invalidInput } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { clearSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import { createAccountsRepository } from './accounts.repository.js';
import { HOUR_MS } from '../../lib/time.js';

export interface DeleteAccountRoutesOptions {
  db: Db;
  media: MediaStore;
  mail: AccountMail;
  cookie: SessionCookieOptions;
}

export const deleteAccountRoutes: FastifyPluginAsyncZod<DeleteAccountRoutesOptions> = async (app, options) => {
  const { db, media, mail } = options;
  const accounts = createAccountsRepository(db);

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
      const { config } = request.site;
      // Said goodbye to while the address still exists; a failed mail does not stop the deletion.
      await mail
        .send('account_deleted', accountMailTo(member, config))
        .catch((error: unknown) => request.log.error({ err: error, memberId: member.id }, 'goodbye mail failed'));

      const files = await accounts.erase(member);
      for (const name of files) {
        await media
          .remove(name)
          .catch((error: unknown) => request.log.warn({ err: error, name }, 'photo file not removed'));
      }
      clearSessionCookie(reply, options.cookie);
      return { deleted: true as const };
    },
  );
};
