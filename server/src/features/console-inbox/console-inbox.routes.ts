import {
  AssignRequestSchema,
  ClaimResponseSchema,
  CONSOLE_INBOX_PATHS,
  ConsoleIdParamsSchema,
  ConsoleMessagesQuerySchema,
  ConsoleMessagesResponseSchema,
  ConsoleSiteSettingsRequestSchema,
  ConsoleSiteSettingsSchema,
  ConversationViewSchema,
  DraftRequestSchema,
  DraftResponseSchema,
  NoteRequestSchema,
  NoteResponseSchema,
  OwnClaimsResponseSchema,
  QueueQuerySchema,
  QueueResponseSchema,
  ReleaseResponseSchema,
  ReplyRequestSchema,
  ReplyResponseSchema,
  roleAllows,
  SnippetCreateRequestSchema,
  SnippetDeleteResponseSchema,
  SnippetResponseSchema,
  SnippetsQuerySchema,
  SnippetsResponseSchema,
  SnippetUpdateRequestSchema,
  StatsQuerySchema,
  StatsResponseSchema,
  TakeNextResponseSchema,
  type ClaimInfo,
  type ConsoleEvent,
} from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { StaffRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { MessageDelivery } from '../../messaging/messages.js';
import { staffActorOf } from '../../platform/audit/audit-log.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { createConsoleInboxRepository, type InboxConversation, type InboxStaff } from './console-inbox.repository.js';
import { conversationNotFound, forbidden, snippetNotFound, unknownChoice } from './inbox-errors.js';

export interface ConsoleInboxRoutesOptions {
  db: Db;
  events: EventBus;
  delivery: MessageDelivery;
}

const ANSWER = { access: 'staff', permission: 'inbox.answer' } as const;
const SUPERVISE = { access: 'staff', permission: 'inbox.supervise' } as const;
const SETTINGS = { access: 'staff', permission: 'settings.manage' } as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** The options of a call about one conversation (`:id`): who may make it, what it takes and answers. */
function aboutConversation<
  Config,
  Answer extends z.ZodType,
  Input extends { body?: z.ZodType; querystring?: z.ZodType } = Record<never, never>,
>(config: Config, answer: Answer, input: Input = {} as Input) {
  return { config, schema: { params: ConsoleIdParamsSchema, ...input, response: { 200: answer } } };
}

/**
 * The inbox (issue 15): the queue of members waiting for a persona's answer, claims that let one
 * operator at a time write in a conversation, the workspace, snippets and the supervisor's view.
 * Every call is a staff call under /api/console/; the role's permission is checked by the
 * pipeline, the scope (sites and languages) here, a conversation outside it being a 404.
 */
export const consoleInboxRoutes: FastifyPluginAsyncZod<ConsoleInboxRoutesOptions> = async (
  app,
  { db, events, delivery },
) => {
  const inbox = createConsoleInboxRepository(db);

  /**
   * The first steps of every call about one conversation: the caller with their scope, and the
   * conversation if they may work in it, else 404 as for an unknown id.
   */
  async function workIn(request: {
    staff: { staff: StaffRow };
    params: { id: number };
  }): Promise<{ me: InboxStaff; conversation: InboxConversation }> {
    const me = await inbox.inboxStaff(request.staff.staff);
    const conversation = await inbox.conversationIn(me.scope, request.params.id);
    if (!conversation) throw conversationNotFound();
    return { me, conversation };
  }

  /** Other operators' queues follow along; a bus that cannot deliver leaves them to their next fetch. */
  async function tellStaff(event: ConsoleEvent, log: FastifyBaseLogger) {
    await events.publishStaff(event).catch((error: unknown) => log.warn({ err: error }, 'console event not published'));
  }
  const claimEvent = (conversation: InboxConversation, claim: ClaimInfo | null): ConsoleEvent => ({
    type: 'claim',
    conversation: conversation.id,
    site_id: conversation.siteId,
    language: conversation.language,
    claim,
  });

  app.get(
    CONSOLE_INBOX_PATHS.queue,
    { config: ANSWER, schema: { querystring: QueueQuerySchema, response: { 200: QueueResponseSchema } } },
    async (request) => {
      const now = Date.now();
      const me = await inbox.inboxStaff(request.staff.staff);
      return { now: iso(now), ...(await inbox.queue(me.scope, request.query, now)) };
    },
  );

  app.post(
    CONSOLE_INBOX_PATHS.next,
    { config: ANSWER, schema: { response: { 200: TakeNextResponseSchema } } },
    async (request) => {
      const me = await inbox.inboxStaff(request.staff.staff);
      const taken = await inbox.takeNext(staffActorOf(request), me, Date.now());
      if (!taken) return { claim: null };
      await tellStaff(claimEvent(taken.conversation, taken.claim), request.log);
      return { claim: { conversation: taken.conversation.id, claim: taken.claim } };
    },
  );

  app.get(
    CONSOLE_INBOX_PATHS.claims,
    { config: ANSWER, schema: { response: { 200: OwnClaimsResponseSchema } } },
    async (request) => {
      const now = Date.now();
      return { now: iso(now), claims: await inbox.ownClaims(request.staff.staff.id, now) };
    },
  );

  app.get(CONSOLE_INBOX_PATHS.conversation, aboutConversation(ANSWER, ConversationViewSchema), async (request) => {
    const { me, conversation } = await workIn(request);
    return inbox.view(me, conversation, Date.now());
  });

  app.get(
    CONSOLE_INBOX_PATHS.messages,
    aboutConversation(ANSWER, ConsoleMessagesResponseSchema, { querystring: ConsoleMessagesQuerySchema }),
    async (request) => {
      const { conversation } = await workIn(request);
      return inbox.olderMessages(conversation, request.query.before);
    },
  );

  app.post(CONSOLE_INBOX_PATHS.claim, aboutConversation(ANSWER, ClaimResponseSchema), async (request) => {
    const { me, conversation } = await workIn(request);
    const claim = await inbox.claim(staffActorOf(request), me, conversation, Date.now());
    await tellStaff(claimEvent(conversation, claim), request.log);
    return { conversation: conversation.id, claim };
  });

  app.delete(CONSOLE_INBOX_PATHS.claim, aboutConversation(ANSWER, ReleaseResponseSchema), async (request) => {
    const { me, conversation } = await workIn(request);
    const anyHolder = roleAllows(me.role, 'inbox.supervise');
    const { released } = await inbox.release(staffActorOf(request), me, conversation, anyHolder, Date.now());
    if (released) await tellStaff(claimEvent(conversation, null), request.log);
    return { released: true as const };
  });

  app.post(
    CONSOLE_INBOX_PATHS.assign,
    aboutConversation(SUPERVISE, ClaimResponseSchema, { body: AssignRequestSchema }),
    async (request) => {
      const { conversation } = await workIn(request);
      const claim = await inbox.assign(staffActorOf(request), conversation, request.body.staff, Date.now());
      // Someone who cannot answer there (disabled, other sites or languages) cannot be given it.
      if (!claim) throw unknownChoice('staff');
      await tellStaff(claimEvent(conversation, claim), request.log);
      return { conversation: conversation.id, claim };
    },
  );

  app.post(
    CONSOLE_INBOX_PATHS.reply,
    aboutConversation(ANSWER, ReplyResponseSchema, { body: ReplyRequestSchema }),
    async (request) => {
      const { me, conversation } = await workIn(request);
      const { stored, claim } = await inbox.reply(staffActorOf(request), conversation, request.body.body, Date.now());
      await delivery.deliver(stored, request.log);
      const { message } = stored;
      await tellStaff(
        {
          type: 'answered',
          conversation: conversation.id,
          site_id: conversation.siteId,
          language: conversation.language,
          message: { id: message.id, created_at: message.created_at },
          staff: { id: me.id, name: me.name },
        },
        request.log,
      );
      return {
        message: {
          id: message.id,
          from: 'persona' as const,
          body: message.body,
          created_at: message.created_at,
          written_by: { id: me.id, name: me.name },
          awaiting: false,
        },
        claim,
      };
    },
  );

  app.put(
    CONSOLE_INBOX_PATHS.draft,
    aboutConversation(ANSWER, DraftResponseSchema, { body: DraftRequestSchema }),
    async (request) => {
      const { me, conversation } = await workIn(request);
      return { draft: await inbox.saveDraft(me.id, conversation.id, request.body.body, Date.now()) };
    },
  );

  app.post(
    CONSOLE_INBOX_PATHS.notes,
    aboutConversation(ANSWER, NoteResponseSchema, { body: NoteRequestSchema }),
    async (request) => {
      const { me, conversation } = await workIn(request);
      return { note: await inbox.addNote(staffActorOf(request), me, conversation, request.body.body, Date.now()) };
    },
  );

  app.get(
    CONSOLE_INBOX_PATHS.conversationSnippets,
    aboutConversation(ANSWER, SnippetsResponseSchema),
    async (request) => {
      const { me, conversation } = await workIn(request);
      return { snippets: await inbox.snippetsFor(me.id, conversation) };
    },
  );

  app.get(
    CONSOLE_INBOX_PATHS.snippets,
    { config: ANSWER, schema: { querystring: SnippetsQuerySchema, response: { 200: SnippetsResponseSchema } } },
    async (request) => {
      const me = await inbox.inboxStaff(request.staff.staff);
      const snippets = await inbox.snippetsAt(me, request.query);
      if (!snippets) throw notFound(request.query.scope === 'site' ? 'No such site.' : 'No such persona.');
      return { snippets };
    },
  );

  app.post(
    CONSOLE_INBOX_PATHS.snippets,
    { config: ANSWER, schema: { body: SnippetCreateRequestSchema, response: { 200: SnippetResponseSchema } } },
    async (request) => {
      const snippet = request.body;
      // Everyone's snippets are written by those who manage them; one's own by anyone answering.
      if (snippet.scope !== 'personal' && !roleAllows(request.staff.staff.role, 'snippets.manage')) throw forbidden();
      if (!(await inbox.snippetOwnerExists(snippet)))
        throw unknownChoice(snippet.scope === 'site' ? 'site' : 'persona');
      return { snippet: await inbox.createSnippet(staffActorOf(request), snippet, Date.now()) };
    },
  );

  /** The snippet if the caller may change it: their own, or a shared one with snippets.manage. */
  async function changeable(staff: StaffRow, snippetId: number) {
    const snippet = await inbox.snippet(snippetId);
    // Someone else's personal snippet is not there for the caller at all.
    if (!snippet || (snippet.scope === 'personal' && snippet.staff_id !== staff.id)) throw snippetNotFound();
    if (snippet.scope !== 'personal' && !roleAllows(staff.role, 'snippets.manage')) throw forbidden();
    return snippet;
  }

  app.put(
    CONSOLE_INBOX_PATHS.snippet,
    {
      config: ANSWER,
      schema: {
        params: ConsoleIdParamsSchema,
        body: SnippetUpdateRequestSchema,
        response: { 200: SnippetResponseSchema },
      },
    },
    async (request) => {
      const snippet = await changeable(request.staff.staff, request.params.id);
      return { snippet: await inbox.updateSnippet(staffActorOf(request), snippet.id, request.body, Date.now()) };
    },
  );

  app.delete(
    CONSOLE_INBOX_PATHS.snippet,
    { config: ANSWER, schema: { params: ConsoleIdParamsSchema, response: { 200: SnippetDeleteResponseSchema } } },
    async (request) => {
      const snippet = await changeable(request.staff.staff, request.params.id);
      await inbox.deleteSnippet(staffActorOf(request), snippet.id);
      return { deleted: true as const };
    },
  );

  app.get(
    CONSOLE_INBOX_PATHS.siteSettings,
    { config: SETTINGS, schema: { params: ConsoleIdParamsSchema, response: { 200: ConsoleSiteSettingsSchema } } },
    async (request) => {
      const settings = await inbox.siteSettings(request.params.id);
      if (!settings) throw notFound('No such site.');
      return settings;
    },
  );

  app.put(
    CONSOLE_INBOX_PATHS.siteSettings,
    {
      config: SETTINGS,
      schema: {
        params: ConsoleIdParamsSchema,
        body: ConsoleSiteSettingsRequestSchema,
        response: { 200: ConsoleSiteSettingsSchema },
      },
    },
    async (request) => {
      const siteId = request.params.id;
      if (!(await inbox.siteSettings(siteId))) throw notFound('No such site.');
      const settings = await inbox.saveSiteSettings(staffActorOf(request), siteId, request.body, Date.now());
      await tellStaff({ type: 'settings', site_id: siteId }, request.log);
      return settings;
    },
  );

  app.get(
    CONSOLE_INBOX_PATHS.stats,
    { config: SUPERVISE, schema: { querystring: StatsQuerySchema, response: { 200: StatsResponseSchema } } },
    async (request) => inbox.stats(request.query.hours, Date.now()),
  );
};
