import { EVENTS_PATH, type LiveEvent } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { createSseStreams } from '../../realtime/sse-streams.js';
import { createEventsRepository } from './events.repository.js';

export { RECONNECT_HINT_MS } from '../../realtime/sse-streams.js';

export interface EventsRoutesOptions {
  db: Db;
  events: EventBus;
}

/** One stream per tab; more than this many tabs of one member is a runaway script, not a person. */
export const MAX_STREAMS_PER_MEMBER = 10;
/** Connects per IP and minute: a reloading tab reconnects now and then, a loop far more often. */
export const CONNECTS_PER_IP_PER_MINUTE = 60;
/**
 * Messages a reconnecting stream catches up on. A tab away for longer is told to reload its chats
 * (a `chats` event) rather than be sent a backlog.
 */
export const CATCH_UP_MAX_MESSAGES = 200;
/** Message ids a stream remembers having carried, so one published twice reaches the tab once. */
const REMEMBERED_MESSAGE_IDS = 500;

/** Last-Event-ID: a message id, as the stream numbers its message events. */
const LastEventIdSchema = z.coerce.number().int().min(0).optional().catch(undefined);

/**
 * GET /api/events.php: the member's live events as server-sent events (architecture: Realtime),
 * one `event: <type>` and `data: <json>` per event. Message events carry their message's id as
 * the SSE `id`, so a stream that drops (its node died, the network blinked) reconnects to any node
 * with `Last-Event-ID` (or `?last_event_id=` when the page had to open a new stream) and first gets
 * every message it missed from the database; nothing a sender was told is sent is lost on the way.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { db, events }) => {
  const streams = createSseStreams(app, { maxPerOwner: MAX_STREAMS_PER_MEMBER });
  const repository = createEventsRepository(db);

  app.get(
    EVENTS_PATH,
    {
      config: { access: 'member', limits: [app.limits.perIp('events', CONNECTS_PER_IP_PER_MINUTE, 60_000)] },
      compress: false,
      schema: { querystring: z.object({ last_event_id: z.string().optional() }) },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const lastEventId = LastEventIdSchema.parse(request.headers['last-event-id'] ?? request.query.last_event_id);
      const stream = streams.open(request, reply, {
        owner: memberId,
        stillAllowed: async () => (await app.sessionMember(request))?.id === memberId,
      });

      const carried = new Set<number>();
      let highestId = lastEventId ?? 0;
      /** Messages up to here the tab had when this stream began (caught up on, or loaded with the page). */
      let hadUpTo = lastEventId ?? 0;
      const send = (event: LiveEvent) => {
        if (event.type !== 'message') return stream.send(event.type, event);
        const { id } = event.message;
        // A repeat of an older message is one the tab had already, through an earlier stream.
        if (carried.has(id) || (event.repeat && id <= hadUpTo)) return;
        carried.add(id);
        if (carried.size > REMEMBERED_MESSAGE_IDS) carried.delete(carried.values().next().value!);
        // Ids only go up on the stream: one committed out of order is sent without, so a
        // reconnect starts after the highest and never gets the later one twice.
        if (id > highestId) {
          highestId = id;
          stream.send(event.type, event, id);
        } else stream.send(event.type, event);
      };

      // Listening before reading the database, so nothing published in between is missed; what
      // arrives meanwhile waits behind the catch-up, and anything in both is sent once.
      let waiting: LiveEvent[] | undefined = [];
      stream.onClose(events.subscribe(memberId, (event) => (waiting ? waiting.push(event) : send(event))));
      const startFromLatest = async () => {
        highestId = Math.max(highestId, await repository.latestMessageId());
        hadUpTo = highestId;
        stream.sendId(highestId);
      };
      if (lastEventId === undefined) {
        await startFromLatest();
      } else {
        const missed = await repository.messagesAfter(memberId, lastEventId, CATCH_UP_MAX_MESSAGES + 1);
        if (missed.length > CATCH_UP_MAX_MESSAGES) {
          stream.send('chats', { type: 'chats' });
          await startFromLatest();
        } else {
          for (const message of missed) send({ type: 'message', message });
        }
      }
      for (const event of waiting) send(event);
      waiting = undefined;
    },
  );
};
