import {
  BlockedResponseSchema,
  BlockRequestSchema,
  ReportRequestSchema,
  REPORT_REASON_CATEGORY,
  ReportResponseSchema,
  VALIDATION,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidInput, notFound } from '../../errors.js';
import type { MemberRow } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/time.js';
import { createSafetyRepository } from './safety.repository.js';

export interface SafetyRoutesOptions {
  db: Db;
  events: EventBus;
}

/** Reports go to a person at the operator; a flood of them from one member is noise. */
export const REPORTS_PER_HOUR = 10;
export const BLOCK_CHANGES_PER_MINUTE = 30;

/** Ours: /api/block.php and /api/report.php, so members can keep someone away and tell the operator. */
export const safetyRoutes: FastifyPluginAsyncZod<SafetyRoutesOptions> = async (app, { db, events }) => {
  const safety = createSafetyRepository(db);
  const blockLimit = app.limits.perMember('block', BLOCK_CHANGES_PER_MINUTE, MINUTE_MS);

  /**
   * Another member of this site, else 404. A gone member may still be reported or blocked (what
   * they did stays on record); an unconfirmed one is reached by nobody, so they answer as unknown.
   */
  async function otherMember(me: MemberRow, profileId: number): Promise<number> {
    if (profileId === me.id) throw invalidInput({ profile: VALIDATION.choice }, 'That is your own profile.');
    if (!(await safety.isMemberOfSite(me.site_id, profileId))) throw notFound('No such member');
    return profileId;
  }

  async function blockedBy(memberId: number) {
    return { blocked: await safety.blockedBy(memberId) };
  }

  /** Both chat lists show the conversation as unavailable (or available again): reload them. */
  async function announce(a: number, b: number) {
    await Promise.all([events.publish(a, { type: 'chats' }), events.publish(b, { type: 'chats' })]);
  }

  app.get(
    '/api/block.php',
    { config: { access: 'member' }, schema: { response: { 200: BlockedResponseSchema } } },
    async (request) => blockedBy(request.member.id),
  );

  app.post(
    '/api/block.php',
    {
      config: { access: 'member', limits: [blockLimit] },
      schema: { body: BlockRequestSchema, response: { 200: BlockedResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      const other = await otherMember(request.member, request.body.profile);
      // Likes stay stored; every reader hides blocked members, so unblocking restores them.
      if (await safety.block(me, other)) await announce(me, other);
      return blockedBy(me);
    },
  );

  app.delete(
    '/api/block.php',
    {
      config: { access: 'member', limits: [blockLimit] },
      schema: { body: BlockRequestSchema, response: { 200: BlockedResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      const other = request.body.profile;
      if (await safety.unblock(me, other)) await announce(me, other);
      return blockedBy(me);
    },
  );

  app.post(
    '/api/report.php',
    {
      config: { access: 'member', limits: [app.limits.perMember('report', REPORTS_PER_HOUR, HOUR_MS)] },
      schema: { body: ReportRequestSchema, response: { 200: ReportResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      const { profile, conversation, reason, note } = request.body;
      const reported = await otherMember(request.member, profile);
      // Only a conversation between the two: anything else is a 404, like an unknown id.
      if (conversation !== undefined && !(await safety.isConversationBetween(me, conversation, reported))) {
        throw notFound('This conversation does not exist.');
      }
      await safety.report(me, {
        site_id: request.site.id,
        subject: conversation === undefined ? 'profile' : 'message',
        reported_member_id: reported,
        conversation_id: conversation ?? null,
        category: REPORT_REASON_CATEGORY[reason],
        explanation: note || null,
      });
      return { reported: true as const };
    },
  );
};
