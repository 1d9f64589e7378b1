import { CONSOLE_DASHBOARD_PATH, DashboardQuerySchema, DashboardResponseSchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { createConsoleDashboardRepository } from './console-dashboard.repository.js';

export interface ConsoleDashboardRoutesOptions {
  db: Db;
}

/** The dashboard per site and day (issue 18): read-only, for admins and supervisors. */
export const consoleDashboardRoutes: FastifyPluginAsyncZod<ConsoleDashboardRoutesOptions> = async (app, { db }) => {
  const dashboard = createConsoleDashboardRepository(db);

  app.get(
    CONSOLE_DASHBOARD_PATH,
    {
      config: { access: 'staff', permission: 'dashboard.read' },
      schema: { querystring: DashboardQuerySchema, response: { 200: DashboardResponseSchema } },
    },
    async (request) => {
      const { site_id: siteId, from, to } = request.query;
      if (!(await dashboard.siteExists(siteId))) throw notFound('There is no such site.');
      return { site_id: siteId, ...(await dashboard.figures(siteId, from, to)) };
    },
  );
};
