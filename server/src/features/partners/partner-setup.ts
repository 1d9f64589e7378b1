import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { CamsFeed } from './cams-feed.js';
import { createDemoCamsFeed } from './demo-cams-feed.js';
import { DEMO_CAMS_REDIRECT_URL, DEMO_RESELL_PARTNER_URL } from './demo-partner-page.js';
import { createHttpCamsFeed } from './http-cams-feed.js';

export interface PartnerSetup {
  /** Undefined when no feed is configured and the demo may not stand in (production). */
  camsFeed: CamsFeed | undefined;
  camsRedirectUrl: string | undefined;
  resellPartnerUrl: string | undefined;
  demoPage: boolean;
}

/** Configured partners win; outside production the fictional feed and the demo page fill the gaps. */
export function setUpPartners(config: Config['partners'], log: FastifyBaseLogger): PartnerSetup {
  const fallback = <T>(value: T) => (config.demo ? value : undefined);
  return {
    camsFeed: config.camsFeedUrl
      ? createHttpCamsFeed({ url: config.camsFeedUrl, imageOrigins: config.camsImageOrigins, log })
      : fallback(createDemoCamsFeed()),
    camsRedirectUrl: config.camsRedirectUrl ?? fallback(DEMO_CAMS_REDIRECT_URL),
    resellPartnerUrl: config.resellPartnerUrl ?? fallback(DEMO_RESELL_PARTNER_URL),
    demoPage: config.demo,
  };
}
