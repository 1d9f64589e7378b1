import {
  ChatDeleteRequestSchema,
  ChatDeleteResponseSchema,
  ChatsResponseSchema,
  ChatStartQuerySchema,
  ChatStartResponseSchema,
  MarkReadRequestSchema,
  MarkReadResponseSchema,
  MESSAGES_PAGE_SIZE,
  MessagesQuerySchema,
  MessagesResponseSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
  VALIDATION,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNCONFIRMED_STATUS } from '../../db/schema.js';
import { AppError, invalidInput, notFound } from '../../errors.js';
import { requireOwnPage } from '../../plugins/csrf.js';
import { createChatsRepository } from './chats.repository.js';
import { createMessagesRepository } from './messages.repository.js';
import type { Db } from '../../db/database.js';
import { conversationNotFound, type MessageDelivery } from '../../messaging/messages.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { isPremium, messageCreditsFor } from '../../platform/payments/premium-terms.js';
import { MINUTE_MS } from '../../lib/time.js';
import { flagMessage } from '../../platform/moderation/flag-message.js';

export interface ChatsRoutesOptions {
  db: Db;
  events: EventBus;
  delivery: MessageDelivery;
}

/** Faster than anyone types; a script writing to everyone is not a person. */
export const MESSAGES_PER_MINUTE = 20;
/** Opening chats creates conversations, so it is limited too, but well above browsing speed. */
export const CHAT_STARTS_PER_MINUTE = 60;

/** Spec §7 chats.php and chat.php, and our messages.php: every call is the session member's own. */
export const chatsRoutes: FastifyPluginAsyncZod<ChatsRoutesOptions> = async (app, { db, events, delivery }) => {
  const chats = createChatsRepository(db);
  const messages = createMessagesRepository(db);

  /** The member's side of a conversation; another member's conversation is a 404 like an unknown id. */
  async function ownSide(memberId: number, conversationId: number) {
    const side = await chats.side(memberId, conversationId);
    if (!side) throw conversationNotFound();
    return side;
  }

  app.get(
    '/api/chats.php',
    { config: { access: 'member' }, schema: { response: { 200: ChatsResponseSchema } } },
    async (request) => ({ chats: await chats.list(request.member.id) }),
  );

  app.get(
    '/api/chat.php',
    {
      config: {
        access: 'member',
        // A GET that creates a conversation (spec §7), so only our own pages may call it.
        guards: [requireOwnPage],
        limits: [app.limits.perMember('chat-start', CHAT_STARTS_PER_MINUTE, MINUTE_MS)],
      },
      schema: { querystring: ChatStartQuerySchema, response: { 200: ChatStartResponseSchema } },
    },
    async (request) => {
      const me = request.member;
      const profileId = request.query.profile;
      if (profileId === me.id) throw invalidInput({ profile: VALIDATION.choice }, 'You cannot chat with yourself.');
      const other = await chats.startableMember(request.site.id, profileId);
      if (!other) throw notFound('No such member');
      if (await chats.isBlockedWith(me.id, other.id)) {
        throw new AppError(403, 'blocked', 'You cannot chat with this member.');
      }
      return { id: await chats.findOrStart(request.site.id, me.id, other.id) };
    },
  );

  app.delete(
    '/api/chat.php',
    {
      config: { access: 'member' },
      schema: { body: ChatDeleteRequestSchema, response: { 200: ChatDeleteResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      if (!(await chats.remove(me, request.body.conversation.id))) throw conversationNotFound();
      await events.publish(me, { type: 'chats' });
      return { removed: true as const };
    },
  );

  app.get(
    '/api/messages.php',
    {
      config: { access: 'member' },
      schema: { querystring: MessagesQuerySchema, response: { 200: MessagesResponseSchema } },
    },
    async (request) => {
      // Reading does not mark read: the page may be open in a background tab (PUT does that).
      const side = await ownSide(request.member.id, request.query.conversation);
      const page = await chats.page(side.conversationId, MESSAGES_PAGE_SIZE, request.query.before);
      return {
        conversation: { id: side.conversationId },
        profile: side.profile,
        ...page,
        read_up_to: side.otherReadUpTo,
      };
    },
  );

  app.put(
    '/api/messages.php',
    {
      config: { access: 'member' },
      schema: { body: MarkReadRequestSchema, response: { 200: MarkReadResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      const side = await ownSide(me, request.body.conversation);
      const upTo = await messages.markRead(me, side.conversationId, side.otherId, request.body.up_to);
      const read = { type: 'read' as const, conversation: side.conversationId, up_to: upTo };
      await Promise.all([
        events.publish(side.otherId, { ...read, by_me: false }),
        events.publish(me, { ...read, by_me: true }),
      ]);
      return { conversation: side.conversationId, up_to: upTo };
    },
  );

  app.post(
    '/api/messages.php',
    {
      config: {
        access: 'member',
        limits: [app.limits.perMember('message-send', MESSAGES_PER_MINUTE, MINUTE_MS)],
      },
      schema: { body: SendMessageRequestSchema, response: { 200: SendMessageResponseSchema } },
    },
    async (request) => {
      const me = request.member.id;
      // Nobody could answer a member others cannot reach, so writing waits for a confirmed address.
      if (request.member.status === UNCONFIRMED_STATUS) {
        throw new AppError(403, 'email_not_confirmed', 'Confirm your e-mail address to send messages.');
      }
      const { message, credits, stored, recipientId } = await messages.send({
        conversationId: request.body.conversation,
        senderId: me,
        body: request.body.body,
        cost: messageCreditsFor(request.site.config, isPremium(request.member, Date.now())),
        clientKey: request.body.client_key,
      });
      // A repeated key was checked by the rules, and notified, when it was first stored.
      if (!stored) await delivery.republish(message, [me, recipientId], request.log);
      else {
        await delivery.deliver(stored, request.log);
        // The message is sent and paid for: a queue that cannot take it must not turn that into an error.
        await flagMessage(db, request.site.config.moderation, stored).catch((error: unknown) =>
          request.log.error({ err: error }, 'A message the rules flagged could not be queued'),
        );
      }
      return { message, credits };
    },
  );
};
