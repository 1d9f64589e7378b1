import { CONSOLE_INBOX_PATHS, STAFF_SESSION_COOKIE } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { StaffSessionsRepository } from '../../platform/staff/staff-sessions.repository.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { createSseStreams } from '../../realtime/sse-streams.js';
import { createConsoleInboxRepository } from './console-inbox.repository.js';
import { eventInScope } from './inbox-scope.js';

export interface ConsoleEventsRoutesOptions {
  db: Db;
  events: EventBus;
  staffSessions: StaffSessionsRepository;
}

/** A console in a few tabs is normal; more than this is a runaway script. */
export const MAX_STREAMS_PER_STAFF = 10;
/** Connects per IP and minute, as for members' streams. */
const CONNECTS_PER_IP_PER_MINUTE = 60;

/**
 * GET /api/console/events: the console's live events (queue, claims, answers, settings) as
 * server-sent events, each only if it falls within the staff member's sites and languages. Each
 * heartbeat checks the session again (which also keeps the supervisor's "online" current) and
 * reads the assignments again, so a change by an admin counts within a beat.
 */
export const consoleEventsRoutes: FastifyPluginAsyncZod<ConsoleEventsRoutesOptions> = async (
  app,
  { db, events, staffSessions },
) => {
  const inbox = createConsoleInboxRepository(db);
  const streams = createSseStreams(app, { maxPerOwner: MAX_STREAMS_PER_STAFF });

  app.get(
    CONSOLE_INBOX_PATHS.events,
    {
      config: {
        access: 'staff',
        permission: 'inbox.answer',
        limits: [app.limits.perIp('console-events', CONNECTS_PER_IP_PER_MINUTE, 60_000)],
      },
      compress: false,
    },
    async (request, reply) => {
      const staffId = request.staff.staff.id;
      let me = await inbox.inboxStaff(request.staff.staff);
      const token = request.cookies[STAFF_SESSION_COOKIE] ?? '';
      const stream = streams.open(request, reply, {
        owner: staffId,
        async stillAllowed() {
          const session = await staffSessions.find(token);
          if (session?.staff.id !== staffId || session.totpAt === null) return false;
          me = await inbox.inboxStaff(session.staff);
          return true;
        },
      });
      const stopListening = events.subscribeStaff((event) => {
        if (eventInScope(me.scope, event)) stream.send(event.type, event);
      });
      stream.onClose(stopListening);
    },
  );
};
