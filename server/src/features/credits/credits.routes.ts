import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type CreditsRoutesOptions = ConversationDependencies;

export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async () => {};
