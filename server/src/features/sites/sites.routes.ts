import { SettingsSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The settings object as JSON, so the client can refresh what the first HTML embedded. */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    { config: { access: 'public' }, schema: { response: { 200: SettingsSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return request.settings;
    },
  );
};
