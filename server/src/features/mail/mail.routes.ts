import { DevMailboxListSchema, DevMailSchema } from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { MAIL_ID_PATTERN, type LocalMailbox } from '../../platform/mail/local-mailbox.js';

const DevMailboxQuerySchema = z.object({ id: z.string().regex(MAIL_ID_PATTERN, 'Unknown mail id').optional() });

export interface MailRoutesOptions {
  mailbox: Pick<LocalMailbox, 'list' | 'read'>;
  /** Only in development with no SMTP server: the mailbox shows every member's links. */
  enabled: boolean;
}

/**
 * The mailbox holds everyone's login links, so only someone at this machine may read it. The
 * socket's own peer decides, never `request.ip`, which a trusted proxy's X-Forwarded-For can set.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  return peer === '::1' || /^(::ffff:)?127\./.test(peer);
}

/** The development mailbox, so someone trying the site locally can follow the activation link. */
export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { mailbox, enabled }) => {
  // Checked before validation, so a disabled mailbox answers 404 to every request and reveals nothing.
  app.addHook('onRequest', async (request) => {
    if (!enabled || !fromThisMachine(request)) throw notFound();
  });

  app.get(
    '/api/dev/mailbox.php',
    {
      config: { access: 'public' },
      schema: {
        querystring: DevMailboxQuerySchema,
        response: { 200: z.union([DevMailboxListSchema, DevMailSchema]) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { id } = request.query;
      if (id === undefined) return { mails: await mailbox.list() };
      const mail = await mailbox.read(id);
      if (!mail) throw notFound('No mail with this id');
      return mail;
    },
  );
};
