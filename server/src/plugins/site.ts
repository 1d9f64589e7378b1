import type { Settings } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assembleSettings } from '../platform/sites/settings.js';
import type { Site, SitesRepository } from '../platform/sites/sites.repository.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    settings: Settings;
  }
  interface FastifyContextConfig {
    /** Answers whatever host was asked for (health checks probe by IP address), as the default site. */
    anyHost?: boolean;
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
  /** Whether a webcam feed is configured (settings `cams_feed`). */
  camsFeed: boolean;
  /**
   * Production: a host no site is configured for is refused instead of served as the default
   * site, so a stray DNS name or a forged Host header cannot pass for one of our sites.
   */
  refuseUnknownHosts: boolean;
}

const unknownHost = () => new AppError(421, 'unknown_host', 'This server does not answer for this address.');

export const sitePlugin = fp(async (app: FastifyInstance, options: SitePluginOptions) => {
  const server = { pushPublicKey: options.pushPublicKey, camsFeed: options.camsFeed };
  // Until settings vary by visitor they are the same object for every request to a site; a
  // reloaded site is a new object, so its settings are assembled afresh.
  const settingsOf = new WeakMap<Site, Settings>();
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('settings', null as unknown as Settings);
  app.addHook('onRequest', async (request) => {
    const strict = options.refuseUnknownHosts && !request.routeOptions.config.anyHost;
    const site = strict ? await options.sites.find(request.hostname) : await options.sites.forHost(request.hostname);
    if (!site) throw unknownHost();
    let settings = settingsOf.get(site);
    if (!settings) settingsOf.set(site, (settings = assembleSettings(site, { geoipCountry: null }, server)));
    request.site = site;
    request.settings = settings;
  });
});
