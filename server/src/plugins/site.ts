import type { Settings } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assembleSettings } from '../features/sites/settings.js';
import type { Site, SitesRepository } from '../features/sites/sites.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    settings: Settings;
  }
}

/**
 * Picks the site from the request host. `request.hostname` honours
 * X-Forwarded-Host only when the peer is a configured trusted proxy.
 */
export const sitePlugin = fp(async (app: FastifyInstance, options: { sites: SitesRepository }) => {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('settings', null as unknown as Settings);
  app.addHook('onRequest', async (request) => {
    request.site = await options.sites.forHost(request.hostname);
    request.settings = assembleSettings(request.site, { geoipCountry: null });
  });
});
