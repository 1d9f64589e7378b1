import {
  CONSOLE_SITE_CONFIG_PATHS,
  SiteConfigHistoryResponseSchema,
  SiteConfigParamsSchema,
  SiteConfigRequestSchema,
  SiteConfigResponseSchema,
  SiteConfigSaveResponseSchema,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { staffActorOf } from '../../platform/audit/audit-log.js';
import type { SitesRepository } from '../../platform/sites/sites.repository.js';
import { createConsoleSitesRepository } from './console-sites.repository.js';

export interface ConsoleSitesRoutesOptions {
  db: Db;
  sites: Pick<SitesRepository, 'invalidate'>;
}

const READ = { access: 'staff', permission: 'settings.manage' } as const;
/** Prices, payment routing and domains: the code again, as for other changes that move money or people. */
const WRITE = { ...READ, reconfirm: true } as const;

const noSuchSite = () => notFound('There is no such site.');

/**
 * Admins edit a site's own settings (issue 18). Every node re-reads the sites table within
 * SITE_CACHE_TTL_MS, so a change reaches all of them within a minute without a restart; the node
 * that saved it drops its copy at once.
 */
export const consoleSitesRoutes: FastifyPluginAsyncZod<ConsoleSitesRoutesOptions> = async (app, { db, sites }) => {
  const repository = createConsoleSitesRepository(db);

  app.get(
    CONSOLE_SITE_CONFIG_PATHS.config,
    { config: READ, schema: { params: SiteConfigParamsSchema, response: { 200: SiteConfigResponseSchema } } },
    async (request) => {
      const stored = await repository.config(request.params.id);
      if (!stored) throw noSuchSite();
      return { site_id: request.params.id, ...stored };
    },
  );

  app.put(
    CONSOLE_SITE_CONFIG_PATHS.config,
    {
      config: WRITE,
      schema: {
        params: SiteConfigParamsSchema,
        body: SiteConfigRequestSchema,
        response: { 200: SiteConfigSaveResponseSchema },
      },
    },
    async (request) => {
      const saved = await repository.save(staffActorOf(request), request.params.id, request.body, Date.now());
      if (!saved) throw noSuchSite();
      if (saved.saved) sites.invalidate();
      return saved;
    },
  );

  app.get(
    CONSOLE_SITE_CONFIG_PATHS.history,
    { config: READ, schema: { params: SiteConfigParamsSchema, response: { 200: SiteConfigHistoryResponseSchema } } },
    async (request) => {
      if (!(await repository.config(request.params.id))) throw noSuchSite();
      return { entries: await repository.history(request.params.id) };
    },
  );
};
