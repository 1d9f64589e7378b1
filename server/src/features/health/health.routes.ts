import { HealthSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type DatabaseHandle } from '../../db/database.js';

/** For load balancers: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  const schema = { response: { 200: HealthSchema, 503: HealthSchema } };
  app.get('/healthz', { schema, config: { access: 'public', anyHost: true } }, async (_request, reply) => {
    const ok = await pingDatabase(database.db);
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: database.dialect });
  });
};
