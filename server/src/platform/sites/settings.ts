import type { Settings } from '@rendezvous/contract';
import type { Site } from './sites.repository.js';

/** The settings object of spec §3 for one visitor of a site. */
export function assembleSettings(
  site: Site,
  visitor: { geoipCountry: string | null },
  server: { pushPublicKey: string | null; camsFeed: boolean },
): Settings {
  // The words a site flags would tell a scammer what to avoid.
  const { moderation: _operatorOnly, ...config } = site.config;
  return {
    ...config,
    region_data: site.regionData,
    // The VAPID public key the browser subscribes with (spec §6: no key, no push prompt).
    push_pub: server.pushPublicKey,
    cams_feed: server.camsFeed,
    geoip_country: visitor.geoipCountry,
    geoip_selected_country:
      visitor.geoipCountry && site.config.countries.includes(visitor.geoipCountry) ? visitor.geoipCountry : null,
  };
}
