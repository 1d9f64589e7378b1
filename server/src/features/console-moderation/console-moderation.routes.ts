import {
  AccountDecisionRequestSchema,
  CONSOLE_MODERATION_PATH,
  ItemDecisionRequestSchema,
  ModerationDecisionResponseSchema,
  ModerationItemDetailSchema,
  ModerationItemParamsSchema,
  ModerationMemberParamsSchema,
  ModerationQueueQuerySchema,
  ModerationQueueResponseSchema,
  ModerationClaimResponseSchema,
  ModerationEvidenceSchema,
  ModerationPhotoParamsSchema,
  ModerationReleaseResponseSchema,
  CONSOLE_MODERATION_PHOTO_PATH,
  UnbanResponseSchema,
} from '@rendezvous/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { DAY_MS } from '../../lib/time.js';
import { staffActorOf } from '../../platform/audit/audit-log.js';
import { moderationWords } from '../../platform/mail/mail-templates.js';
import type { MailService } from '../../platform/mail/mail.service.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import type { SitesRepository } from '../../platform/sites/sites.repository.js';
import { listConsoleSites } from '../../platform/staff/console-sites.js';
import type { StaffSession } from '../../platform/staff/staff-sessions.repository.js';
import {
  createConsoleModerationRepository,
  type DecisionInput,
  type StoredDecision,
} from './console-moderation.repository.js';

export interface ConsoleModerationRoutesOptions {
  db: Db;
  sites: SitesRepository;
  mail: Pick<MailService, 'send'>;
  publicUrl: PublicUrl;
  media: Pick<MediaStore, 'read'>;
}

const MODERATE = { access: 'staff', permission: 'moderation.decide' } as const;
/** A ban, a suspension or lifting one changes who can use the site: the code again after 10 minutes. */
const MODERATE_ACCOUNT = { ...MODERATE, reconfirm: true } as const;
const LIFT = { access: 'staff', permission: 'moderation.lift', reconfirm: true } as const;

/**
 * The console's moderation queue (issue 18): open items, one at a time with what is needed to
 * decide it, claimed so two moderators never decide one at once, and reason-coded decisions that
 * change the member's account, close the item and tell both the member and the reporter.
 */
export const consoleModerationRoutes: FastifyPluginAsyncZod<ConsoleModerationRoutesOptions> = async (
  app,
  { db, sites, mail, publicUrl, media },
) => {
  const moderation = createConsoleModerationRepository(db);

  /** Mails still on their way; closing waits for them rather than cut them off. */
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  /**
   * The statement of reasons to the member decided about (DSA Art. 17) and the outcome to whoever
   * filed the item (Art. 16(5)), each in their own language, after the decision is stored.
   */
  async function tellAbout(stored: StoredDecision, log: FastifyBaseLogger): Promise<void> {
    const site = (await sites.all()).find((candidate) => candidate.id === stored.item.siteId);
    if (!site) return;
    const { decision, item, member, reporter } = stored;
    const facts = {
      action: decision.action,
      reason: decision.reason,
      until: decision.until,
      createdAt: decision.created_at,
    };
    const from = {
      siteName: site.config.name,
      supportEmail: site.config.support_email,
      fromAddress: `${site.config.name} <${site.config.email}>`,
    };
    const sends: Promise<unknown>[] = [];
    const affects = decision.action !== 'dismiss' && decision.action !== 'reverse' && decision.action !== 'approve';
    if (member && affects) {
      const words = moderationWords(member.language, facts, item.source, member.timezone ?? undefined);
      sends.push(
        mail.send('moderation_statement', {
          ...from,
          to: member.email,
          memberId: member.id,
          locale: member.language,
          recipientName: member.name,
          link: `${siteOrigin(site, publicUrl)}/complaints?kind=appeal&decision=${encodeURIComponent(decision.reference)}`,
          values: {
            reference: decision.reference,
            decision: words.decision,
            ground: words.ground,
            detection: words.detection,
          },
        }),
      );
    }
    if (reporter) {
      const words = moderationWords(reporter.language, facts, item.source);
      // An appeal let stand is the decision upheld, not "nothing was wrong".
      const outcome = item.source === 'appeal' && decision.action === 'dismiss' ? words.upheld : words.outcome;
      sends.push(
        mail.send('moderation_outcome', {
          ...from,
          to: reporter.email,
          memberId: reporter.memberId,
          locale: reporter.language,
          recipientName: reporter.name ?? reporter.email,
          values: { reference: item.reference, outcome, ground: words.ground },
        }),
      );
    }
    const sending = Promise.all(sends)
      .catch((error: unknown) => log.error({ err: error, decision: decision.reference }, 'moderation mail failed'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  async function decide(
    request: FastifyRequest & { staff: StaffSession },
    itemId: number,
    input: DecisionInput,
    now = Date.now(),
  ) {
    const stored = await moderation.decide(staffActorOf(request), itemId, input, now);
    await tellAbout(stored, request.log);
    return { decision: stored.decision };
  }

  app.get(
    `${CONSOLE_MODERATION_PATH}/items`,
    {
      config: MODERATE,
      schema: { querystring: ModerationQueueQuerySchema, response: { 200: ModerationQueueResponseSchema } },
    },
    async (request) => ({
      items: await moderation.queue({ siteId: request.query.site_id, kind: request.query.kind }, Date.now()),
      sites: await listConsoleSites(db),
    }),
  );

  app.get(
    `${CONSOLE_MODERATION_PATH}/items/:id`,
    { config: MODERATE, schema: { params: ModerationItemParamsSchema, response: { 200: ModerationItemDetailSchema } } },
    async (request) => {
      const detail = await moderation.detail(request.params.id, Date.now());
      if (!detail) throw notFound('There is no such item.');
      return detail;
    },
  );

  app.get(
    `${CONSOLE_MODERATION_PATH}/items/:id/evidence`,
    // Personal data leaving the console, photos included: the code again, as for a ban.
    {
      config: MODERATE_ACCOUNT,
      schema: { params: ModerationItemParamsSchema, response: { 200: ModerationEvidenceSchema } },
    },
    async (request, reply) => {
      const now = Date.now();
      const detail = await moderation.detail(request.params.id, now);
      if (!detail) throw notFound('There is no such item.');
      const site = (await sites.all()).find((candidate) => candidate.id === detail.item.site_id);
      if (!site) throw notFound('There is no such item.');
      // The reviewed photo too: once removed it is no longer among the member's.
      const filenames = new Set([
        ...(detail.member?.photos ?? []).map((photo) => photo.filename),
        ...(detail.review?.photo ? [detail.review.photo.filename] : []),
      ]);
      const photoFiles = await Promise.all(
        [...filenames].map(async (filename) => {
          const data = await media.read(filename);
          return {
            filename,
            sha256: data ? createHash('sha256').update(data).digest('hex') : null,
            base64: data ? data.toString('base64') : null,
          };
        }),
      );
      await moderation.recordExport(staffActorOf(request), detail.item.id, site.id);
      const { staff } = request.staff;
      void reply.header('content-disposition', `attachment; filename="evidence-${detail.item.reference}.json"`);
      return {
        ...detail,
        format: 'rendezvous-evidence/1' as const,
        exported_at: now,
        exported_by: { id: staff.id, name: staff.name, email: staff.email },
        site: { id: site.id, name: site.config.name, domain: site.config.domain },
        photo_files: photoFiles,
      };
    },
  );

  app.get(
    `${CONSOLE_MODERATION_PHOTO_PATH}/:name`,
    // Photos nobody else may see (waiting for review, removed, their member banned) are what a
    // moderator must look at; the staff cookie never reaches /media/, so they are served here.
    { config: MODERATE, schema: { params: ModerationPhotoParamsSchema } },
    async (request, reply) => {
      const { name } = request.params;
      const data = (await moderation.isPhotoOnRecord(name)) ? await media.read(name) : undefined;
      if (!data) throw notFound('No such photo');
      return reply
        .type(name.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    `${CONSOLE_MODERATION_PATH}/items/:id/claim`,
    {
      config: MODERATE,
      schema: { params: ModerationItemParamsSchema, response: { 200: ModerationClaimResponseSchema } },
    },
    async (request) => ({ claim: await moderation.claim(staffActorOf(request), request.params.id, Date.now()) }),
  );

  app.delete(
    `${CONSOLE_MODERATION_PATH}/items/:id/claim`,
    {
      config: MODERATE,
      schema: { params: ModerationItemParamsSchema, response: { 200: ModerationReleaseResponseSchema } },
    },
    async (request) => {
      await moderation.release(staffActorOf(request), request.params.id, Date.now());
      return { released: true as const };
    },
  );

  app.post(
    `${CONSOLE_MODERATION_PATH}/items/:id/decide`,
    {
      config: MODERATE,
      schema: {
        params: ModerationItemParamsSchema,
        body: ItemDecisionRequestSchema,
        response: { 200: ModerationDecisionResponseSchema },
      },
    },
    async (request) =>
      decide(request, request.params.id, {
        action: request.body.action,
        reason: request.body.reason,
        note: request.body.note || null,
        until: null,
      }),
  );

  app.post(
    `${CONSOLE_MODERATION_PATH}/items/:id/decide-account`,
    {
      config: MODERATE_ACCOUNT,
      schema: {
        params: ModerationItemParamsSchema,
        body: AccountDecisionRequestSchema,
        response: { 200: ModerationDecisionResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const now = Date.now();
      return decide(
        request,
        request.params.id,
        {
          action: body.action,
          reason: body.reason,
          note: body.note || null,
          until: body.action === 'suspend' ? now + body.days * DAY_MS : null,
        },
        now,
      );
    },
  );

  app.post(
    `${CONSOLE_MODERATION_PATH}/members/:id/unban`,
    { config: LIFT, schema: { params: ModerationMemberParamsSchema, response: { 200: UnbanResponseSchema } } },
    async (request) => {
      const status = await moderation.lift(staffActorOf(request), request.params.id, Date.now());
      if (!status) throw notFound('This member is neither banned nor suspended.');
      return { status };
    },
  );
};
