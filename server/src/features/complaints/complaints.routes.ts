import {
  ComplaintRequestSchema,
  ComplaintResponseSchema,
  defaultName,
  isLocale,
  type ComplaintAppeal,
  type ComplaintNotice,
} from '@rendezvous/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { NewModerationItem } from '../../db/moderation-queue.js';
import { HOUR_MS } from '../../lib/time.js';
import type { MailService } from '../../platform/mail/mail.service.js';
import { createComplaintsRepository } from './complaints.repository.js';

/** What this feature needs from the mail service; `app.ts` wires the real one in. */
export type ComplaintMail = Pick<MailService, 'send'>;

export interface ComplaintsRoutesOptions {
  db: Db;
  mail: ComplaintMail;
}

/**
 * The form is public and every notice reaches a person at the operator and mails its sender, so a
 * flood from one address or to one mailbox is refused; a real notifier files a few at most.
 */
export const COMPLAINTS_PER_IP_PER_HOUR = 10;
export const COMPLAINTS_PER_EMAIL_PER_HOUR = 5;

/** The reporter's address once the body is validated (the limits run after validation). */
const emailOf = (request: FastifyRequest) => (request.body as ComplaintNotice | ComplaintAppeal).email;

/** Ours: POST /api/complaints.php, the DSA notice-and-action form (Art. 16) and appeals (Art. 20). */
export const complaintsRoutes: FastifyPluginAsyncZod<ComplaintsRoutesOptions> = async (app, { db, mail }) => {
  const complaints = createComplaintsRepository(db);

  /** Confirmations still on their way; closing waits for them rather than cut them off. */
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  const emailLimit = app.limits.perEmail(
    'complaints-email',
    COMPLAINTS_PER_EMAIL_PER_HOUR,
    HOUR_MS,
    (request) => emailOf(request) ?? '',
  );
  // An anonymous notice has no address to count by; the per-IP limit covers it.
  async function limitPerEmail(request: FastifyRequest, reply: FastifyReply) {
    if (emailOf(request)) await emailLimit.call(app, request, reply);
  }

  /** The member the notice names, when they are one of this site's; a gone member's notice still counts. */
  async function reportedMember(request: FastifyRequest, memberId: number | undefined): Promise<number | null> {
    return memberId === undefined ? null : complaints.memberOfSite(request.site.id, memberId);
  }

  /**
   * The conversation only when the reporter is in it (with the reported member, when named): anyone
   * can type a number into the address, and a stranger's conversation is not theirs to point at.
   */
  async function ownConversation(
    request: FastifyRequest,
    conversationId: number | undefined,
    reported: number | null,
  ): Promise<number | null> {
    if (conversationId === undefined || !request.member) return null;
    return complaints.ownConversation(request.member.id, conversationId, reported);
  }

  type QueueItem = Omit<NewModerationItem, 'site_id'>;

  async function noticeItem(request: FastifyRequest, notice: ComplaintNotice): Promise<QueueItem> {
    const reported = await reportedMember(request, notice.member);
    return {
      source: 'notice',
      subject: notice.subject,
      location: notice.location,
      reported_member_id: reported,
      conversation_id: await ownConversation(request, notice.conversation, reported),
      category: notice.category,
      explanation: notice.explanation,
      reporter_name: notice.name ?? null,
      reporter_email: notice.email ?? null,
      good_faith: 1,
    };
  }

  /**
   * An appeal keeps the reference as typed; when it is one of this site's decisions, the item links
   * it and its member, so the console shows the decision and keeps its moderator from deciding.
   */
  async function appealItem(request: FastifyRequest, appeal: ComplaintAppeal): Promise<QueueItem> {
    const decision = await complaints.decisionOf(request.site.id, appeal.decision);
    return {
      source: 'appeal',
      subject: 'decision',
      location: appeal.decision,
      appealed_decision_id: decision?.id ?? null,
      reported_member_id: decision?.member_id ?? null,
      category: null,
      explanation: appeal.explanation,
      reporter_email: appeal.email,
    };
  }

  app.post(
    '/api/complaints.php',
    {
      config: {
        access: 'optional',
        limits: [app.limits.perIp('complaints', COMPLAINTS_PER_IP_PER_HOUR, HOUR_MS), limitPerEmail],
      },
      schema: { body: ComplaintRequestSchema, response: { 200: ComplaintResponseSchema } },
    },
    async (request) => {
      const { site, member, body } = request;
      // The language the form was shown in, to confirm and later answer in it.
      const language = isLocale(body.language) ? body.language : site.config.domain_language;
      const item = body.kind === 'notice' ? await noticeItem(request, body) : await appealItem(request, body);
      const reference = await complaints.file({
        ...item,
        site_id: site.id,
        reporter_member_id: member?.id ?? null,
        reporter_language: language,
      });

      const email = body.email;
      if (email) {
        const name = (body.kind === 'notice' ? body.name : undefined) ?? member?.name ?? defaultName(email);
        const sending = mail
          .send(body.kind === 'notice' ? 'complaint_notice' : 'complaint_appeal', {
            to: email,
            memberId: member?.id ?? null,
            locale: language,
            siteName: site.config.name,
            supportEmail: site.config.support_email,
            fromAddress: `${site.config.name} <${site.config.email}>`,
            recipientName: name,
            values: { reference },
          })
          .catch((error: unknown) => request.log.error({ err: error, reference }, 'complaint confirmation failed'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      }
      return { reference };
    },
  );
};
