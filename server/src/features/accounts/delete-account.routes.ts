import { verify } from '@node-rs/argon2';
import { AccountDeletedSchema, DeleteAccountSchema, VALIDATION } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { statusChange } from '../../db/member-changes.js';
import { invalidInput } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { clearSessionCookie, type SessionCookieOptions } from '../../plugins/session.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import { deletedEmailKey } from './deleted-email.js';

const HOUR_MS = 60 * 60 * 1000;

export interface DeleteAccountRoutesOptions {
  db: Db;
  media: MediaStore;
  mail: AccountMail;
  cookie: SessionCookieOptions;
}

export const deleteAccountRoutes: FastifyPluginAsyncZod<DeleteAccountRoutesOptions> = async (app, options) => {
  const { db, media, mail } = options;

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

      const files = await db.transaction().execute(async (trx) => {
        const images = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where('member_id', '=', member.id)
          .execute();
        await trx.deleteFrom('member_images').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('sessions').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('account_tokens').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('member_tracking').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('member_searches').where('member_id', '=', member.id).execute();
        await trx.deleteFrom('push_subscriptions').where('member_id', '=', member.id).execute();
        // The mail log names every address the member used, the goodbye just sent included.
        await trx.deleteFrom('mail_deliveries').where('member_id', '=', member.id).execute();
        await trx
          .updateTable('members')
          .set({
            ...statusChange('deleted'),
            deleted_at: Date.now(),
            email: '',
            email_normalized: deletedEmailKey(member.email),
            name: '',
            password_hash: null,
            gender: null,
            date_of_birth: null,
            country: null,
            countryregion: null,
            city: null,
            personal: '{}',
            main_image_id: null,
            push_subscription: null,
            timezone: null,
            referrer: null,
            form_path: null,
          })
          .where('id', '=', member.id)
          .execute();
        const names = images.flatMap((image) => [image.filename, image.thumb_filename]);
        if (names.length === 0) return [];
        // Demo profiles share avatar files; only remove what no one else shows.
        const stillUsed = await trx
          .selectFrom('member_images')
          .select(['filename', 'thumb_filename'])
          .where((eb) => eb.or([eb('filename', 'in', names), eb('thumb_filename', 'in', names)]))
          .execute();
        const kept = new Set(stillUsed.flatMap((image) => [image.filename, image.thumb_filename]));
        return names.filter((name) => !kept.has(name));
      });
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
