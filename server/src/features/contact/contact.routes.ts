import {
  CONTACT_PATH,
  ContactRequestSchema,
  ContactSentSchema,
  VisitorContactRequestSchema,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { parseOrThrow } from '../../lib/parse.js';
import { DAY_MS, HOUR_MS } from '../../lib/time.js';
import type { MailService } from '../../platform/mail/mail.service.js';

/** What the contact form needs from the mail service; `app.ts` wires the real one in. */
export type ContactMail = Pick<MailService, 'send'>;

export interface ContactRoutesOptions {
  mail: ContactMail;
}

/** Every message lands in a person's inbox at support; a few an hour is plenty for someone with a question. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
/**
 * A visitor names the address the confirmation goes to, so the form could be used to mail
 * strangers: each address gets only a few confirmations a day, whoever asks.
 */
export const CONTACT_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

const visitorEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  // A member's confirmation goes to their own account's address, which the session proves.
  if (request.member) return `member:${request.member.id}`;
  return typeof body?.email === 'string' ? body.email : '';
};

const siteFrom = (config: SiteConfig) => `${config.name} <${config.email}>`;

/** POST /api/contact.php: the service page's form mails support and confirms to the sender. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { mail }) => {
  app.post(
    CONTACT_PATH,
    {
      config: {
        access: 'optional',
        limits: [
          app.limits.perIp('contact', CONTACT_MESSAGES_PER_HOUR, HOUR_MS),
          app.limits.perMember('contact-member', CONTACT_MESSAGES_PER_HOUR, HOUR_MS),
          app.limits.perEmail('contact-address', CONTACT_CONFIRMATIONS_PER_ADDRESS_PER_DAY, DAY_MS, visitorEmail),
        ],
      },
      schema: { response: { 200: ContactSentSchema } },
    },
    async (request) => {
      const member = request.member;
      const { config } = request.site;
      // Who writes decides the shape: a member's name and address come from the session, never the body.
      const sender = member
        ? { ...parseOrThrow(ContactRequestSchema, request.body), name: member.name, email: member.email }
        : parseOrThrow(VisitorContactRequestSchema, request.body);
      const common = {
        siteName: config.name,
        supportEmail: config.support_email,
        fromAddress: siteFrom(config),
      };

      const toSupport = await mail.send('contact_request', {
        ...common,
        to: config.support_email,
        memberId: null,
        // Support reads the site's own language.
        locale: config.domain_language,
        recipientName: config.name,
        replyTo: sender.email,
        values: {
          subject: sender.subject,
          senderName: sender.name,
          senderEmail: sender.email,
          account: member ? `#${member.id}` : '—',
        },
        quote: sender.message,
      });
      // Without support's copy nothing was sent at all: say so rather than confirm a message nobody will read.
      if (!toSupport.accepted) {
        request.log.error({ memberId: member?.id ?? null }, 'contact message not accepted by the mail server');
        throw new AppError(503, 'internal', 'The message could not be sent. Please try again later.');
      }
      await mail.send('contact_confirmation', {
        ...common,
        to: sender.email,
        memberId: member?.id ?? null,
        locale: sender.language ?? member?.language ?? config.domain_language,
        recipientName: sender.name,
      });
      return { sent: true as const };
    },
  );
};
