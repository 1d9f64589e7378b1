import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type ChatsRoutesOptions = ConversationDependencies;

export const chatsRoutes: FastifyPluginAsyncZod<ChatsRoutesOptions> = async () => {};
