import {
  LIKES_PATH,
  LikeRequestSchema,
  LikeSeenQuerySchema,
  LikeSeenRequestSchema,
  LikesResponseSchema,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReachable, type MemberRow } from '../../db/schema.js';
import { invalidInput, notFound } from '../../errors.js';
import { createLikesRepository } from './likes.repository.js';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { Notifier } from '../../notifier/notifier.js';

export interface LikesRoutesOptions {
  db: Db;
  events: EventBus;
  notifier: Notifier;
}

/** Liking is a tap, so people do it fast; a script that likes everyone is not a person. */
export const LIKES_PER_MINUTE = 120;
const LIKES_WINDOW_MS = 60_000;

const OkSchema = z.object({ ok: z.literal(true) });
/** The field error for liking oneself: a catalogue key, as every field error is. */
const SELF_LIKE = 'likes.self_like';

/** Spec §7 /api/likes.php: the member's likes, like, unlike, and (ours) marking a received like seen. */
export const likesRoutes: FastifyPluginAsyncZod<LikesRoutesOptions> = async (app, { db, events, notifier }) => {
  const likes = createLikesRepository(db);
  // Keyed by member, not IP: members behind one office or carrier address do not share a budget.
  const limit = app.limits.perMember('likes', LIKES_PER_MINUTE, LIKES_WINDOW_MS);

  /** The profile a member may like or unlike: 400 for themself, 404 for anyone they cannot see. */
  async function target(me: MemberRow, profileId: number): Promise<number> {
    if (profileId === me.id) throw invalidInput({ profile: SELF_LIKE }, 'You cannot like yourself.');
    if (!(await likes.likeable(me.site_id, me.id, profileId))) throw notFound('No such member');
    return profileId;
  }

  // Spec §6: only logged-in members like; every call here is the session member's own.
  app.get(
    LIKES_PATH,
    { config: { access: 'member' }, schema: { response: { 200: LikesResponseSchema } } },
    async (request) => likes.listFor(request.member.id),
  );

  app.post(
    LIKES_PATH,
    { config: { access: 'member', limits: [limit] }, schema: { body: LikeRequestSchema, response: { 200: OkSchema } } },
    async (request) => {
      const me = request.member.id;
      const profile = await target(request.member, request.body.profile);
      // A repeated like (a second tab, a retry, or unlike and like again) notifies nobody twice.
      // An unconfirmed member's like is stored but told to nobody: it shows in the other's list once they confirm.
      if ((await likes.add(me, profile)) && isReachable(request.member.status)) {
        if (!(await likes.notifiedBefore(me, profile))) await notifier.notify(profile, { kind: 'like', actorId: me });
        await events.publish(profile, { type: 'like', profile: me, by_me: false });
      }
      await events.publish(me, { type: 'like', profile, by_me: true });
      return { ok: true as const };
    },
  );

  app.delete(
    LIKES_PATH,
    { config: { access: 'member', limits: [limit] }, schema: { body: LikeRequestSchema, response: { 200: OkSchema } } },
    async (request) => {
      const me = request.member.id;
      const { profile } = request.body;
      // Unliking someone who since blocked or left still works: it only ever removes the member's own row.
      if (profile === me) throw invalidInput({ profile: SELF_LIKE }, 'You cannot like yourself.');
      if (await likes.remove(me, profile)) await events.publish(me, { type: 'like', profile, by_me: true });
      return { ok: true as const };
    },
  );

  app.put(
    LIKES_PATH,
    {
      config: { access: 'member' },
      schema: { querystring: LikeSeenQuerySchema, body: LikeSeenRequestSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const me = request.member.id;
      const { profile } = request.body;
      // The member's other tabs count the app badge from the likes call (spec §4): tell them to fetch again.
      if (await likes.markSeen(me, profile)) await events.publish(me, { type: 'like', profile, by_me: true });
      return { ok: true as const };
    },
  );
};
