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
export interface SitePluginOptions {
  sites: SitesRepository;
  /** The VAPID public key every site publishes as push_pub. */
  pushPublicKey: string | null;
}

export const sitePlugin = fp(async (app: FastifyInstance, options: SitePluginOptions) => {
  const server = { pushPublicKey: options.pushPublicKey };
  // Until settings vary by visitor they are the same object for every request to a site; a
  // reloaded site is a new object, so its settings are assembled afresh.
  const settingsOf = new WeakMap<Site, Settings>();
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('settings', null as unknown as Settings);
  app.addHook('onRequest', async (request) => {
    const site = await options.sites.forHost(request.hostname);
    let settings = settingsOf.get(site);
    if (!settings) settingsOf.set(site, (settings = assembleSettings(site, { geoipCountry: null }, server)));
    request.site = site;
    request.settings = settings;
  });
});
