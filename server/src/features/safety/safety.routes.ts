import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationDependencies } from '../../conversation-dependencies.js';

export type SafetyRoutesOptions = ConversationDependencies;

export const safetyRoutes: FastifyPluginAsyncZod<SafetyRoutesOptions> = async () => {};
