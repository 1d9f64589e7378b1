import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type LikesRoutesOptions = ConversationDependencies;

export const likesRoutes: FastifyPluginAsyncZod<LikesRoutesOptions> = async () => {};
