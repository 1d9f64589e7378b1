import { AuditPageSchema, AuditQuerySchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { createConsoleAuditRepository } from './console-audit.repository.js';

/**
 * The audit log, for reading only: it has no call that changes or removes an entry (the route
 * walk in console-access.test.ts holds every later feature to that too).
 */
export const consoleAuditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const audit = createConsoleAuditRepository(db);

  app.get(
    '/api/console/audit',
    {
      config: { access: 'staff', permission: 'audit.read' },
      schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    async (request) => audit.page(request.query),
  );
};
