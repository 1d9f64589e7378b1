import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type NotificationsRoutesOptions = ConversationDependencies;

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async () => {};
