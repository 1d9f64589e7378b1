import { EVENTS_PATH } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../realtime/event-bus.js';
import { createSseStreams } from '../../realtime/sse-streams.js';

export { RECONNECT_HINT_MS } from '../../realtime/sse-streams.js';

export interface EventsRoutesOptions {
  events: EventBus;
}

/** One stream per tab; more than this many tabs of one member is a runaway script, not a person. */
export const MAX_STREAMS_PER_MEMBER = 10;
/** Connects per IP and minute: a reloading tab reconnects now and then, a loop far more often. */
export const CONNECTS_PER_IP_PER_MINUTE = 60;

/**
 * GET /api/events.php: the member's live events as server-sent events (architecture: Realtime),
 * one `event: <type>` and `data: <json>` per event.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { events }) => {
  const streams = createSseStreams(app, { maxPerOwner: MAX_STREAMS_PER_MEMBER });

  app.get(
    EVENTS_PATH,
    {
      config: { access: 'member', limits: [app.limits.perIp('events', CONNECTS_PER_IP_PER_MINUTE, 60_000)] },
      compress: false,
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const stream = streams.open(request, reply, {
        owner: memberId,
        stillAllowed: async () => (await app.sessionMember(request))?.id === memberId,
      });
      stream.onClose(events.subscribe(memberId, (event) => stream.send(event.type, event)));
    },
  );
};
