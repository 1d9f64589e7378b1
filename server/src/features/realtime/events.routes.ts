import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type EventsRoutesOptions = ConversationDependencies;

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async () => {};
