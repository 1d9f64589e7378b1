import {
  CamsRedirectQuerySchema,
  CamsSearchQuerySchema,
  CamsSearchResponseSchema,
  ResellPartnerLinkSchema,
  ResellPartnerQuerySchema,
  resellsCams,
  showsWebcamAds,
} from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { requireMember } from '../../plugins/session.js';
import { CamsFeedError, findCam } from './cams-feed.js';
import { DEMO_PARTNER_PAGE_PATH, renderDemoPartnerPage } from './demo-partner-page.js';
import { camsRedirectLocation, partnerTracking, resellPartnerLocation } from './partner-links.js';
import { createPartnersRepository } from './partners.repository.js';
import { isPaidUser } from '../../platform/payments/premium-terms.js';
import type { PartnerSetup } from './partner-setup.js';

export interface PartnersRoutesOptions extends PartnerSetup {
  db: Db;
}

/** Enough for a long infinite scroll at one webcam ad per 12 cards; the web cycles through them after that. */
export const CAMS_SEARCH_LIMIT = 60;

const camsNotOffered = () => new AppError(404, 'cams_not_offered', 'This site does not offer webcams.');
const camsNotEligible = () =>
  new AppError(403, 'cams_not_eligible', 'Webcam ads are for members who have not paid and joined over 4 days ago.');
const camNotFound = () => new AppError(404, 'cam_not_found', 'The webcam partner does not offer this account.');
const partnerNotConfigured = (partner: string) =>
  new AppError(503, 'partner_not_configured', `No ${partner} is configured for this server.`);
const partnerUnavailable = () =>
  new AppError(503, 'partner_unavailable', 'The webcam partner is not answering right now. Please try again later.');

/** Spec §6: cams belong to sites that resell them (`member_resell` cams or camads). */
async function requireCamsResale(request: FastifyRequest): Promise<void> {
  if (!resellsCams(request.site.config)) throw camsNotOffered();
}

/** Spec §6: the feed is for the members who are shown webcam ads. */
async function requireWebcamAdsShown(request: FastifyRequest): Promise<void> {
  requireMember(request);
  const { member } = request;
  const user = { paid_user: isPaidUser(member, Date.now()), signup_date: new Date(member.signup_at).toISOString() };
  if (!showsWebcamAds(user, request.site.config, Date.now())) throw camsNotEligible();
}

async function withFeedErrors<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    // The feed logged the details; the client learns only that the partner is away.
    if (error instanceof CamsFeedError) throw partnerUnavailable();
    throw error;
  }
}

/** Spec §7 partner calls: the webcam search and redirect, and the resell partner redirect. */
export const partnersRoutes: FastifyPluginAsyncZod<PartnersRoutesOptions> = async (app, options) => {
  const { db, camsFeed } = options;
  const partners = createPartnersRepository(db);

  async function trackingFor(request: FastifyRequest, memberId: number | undefined) {
    const traffic = memberId === undefined ? undefined : await partners.trafficOf(memberId);
    return partnerTracking(request.site.config.domain, traffic);
  }

  app.get(
    '/api/xcams/search.php',
    {
      config: { access: 'member', guards: [requireCamsResale, requireWebcamAdsShown] },
      schema: { querystring: CamsSearchQuerySchema, response: { 200: CamsSearchResponseSchema } },
    },
    async (request) => {
      if (!camsFeed) throw partnerNotConfigured('webcam feed');
      const cams = await withFeedErrors(camsFeed.search(request.query));
      return { cams: Object.fromEntries(cams.slice(0, CAMS_SEARCH_LIMIT).map((cam) => [cam.account, cam])) };
    },
  );

  app.get(
    '/api/xcams/redirect.php',
    {
      // Not the ad rule itself: a member who paid since the ad was shown may still follow it.
      config: { access: 'member', guards: [requireCamsResale] },
      schema: { querystring: CamsRedirectQuerySchema },
    },
    async (request, reply) => {
      if (!options.camsRedirectUrl) throw partnerNotConfigured('webcam partner address');
      if (!camsFeed) throw partnerNotConfigured('webcam feed');
      const { account } = request.query;
      const cam = await withFeedErrors(findCam(camsFeed, account));
      if (!cam) throw camNotFound();
      const tracking = await trackingFor(request, request.member.id);
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(camsRedirectLocation(options.camsRedirectUrl, cam.account, tracking), 302);
    },
  );

  // Open to visitors too: the partner ad sits in search results, which logged-out visitors may see (spec §6).
  app.get(
    '/api/resellpartner.php',
    {
      config: { access: 'optional' },
      schema: { querystring: ResellPartnerQuerySchema, response: { 200: ResellPartnerLinkSchema } },
    },
    async (request, reply) => {
      if (!options.resellPartnerUrl) throw partnerNotConfigured('resell partner address');
      const tracking = await trackingFor(request, request.member?.id);
      const location = resellPartnerLocation(options.resellPartnerUrl, request.query.flow, tracking);
      reply.header('Cache-Control', 'no-store');
      if (request.query.redirect) return reply.redirect(location, 302);
      return { url: location };
    },
  );

  if (options.demoPage) {
    app.get(
      DEMO_PARTNER_PAGE_PATH,
      { config: { access: 'public' }, schema: { querystring: z.record(z.string(), z.string()) } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return reply.type('text/html; charset=utf-8').send(renderDemoPartnerPage(request.query));
      },
    );
  }
};
