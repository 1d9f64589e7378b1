import {
  SPENDING_PATH,
  SpendingLimitRequestSchema,
  SpendingResponseSchema,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MemberRow } from '../../db/schema.js';
import { pricingCountry } from '../../platform/payments/pricing.js';
import type { SpendingRepository } from './spending.repository.js';

export interface SpendingRoutesOptions {
  spending: SpendingRepository;
}

/** The currency the member's checkout prices in (the site's first country's; euros on a site that sells nothing). */
function paymentCurrency(
  config: SiteConfig,
  member: Pick<MemberRow, 'payment_country' | 'country'>,
  geoipCountry: string | null,
): string {
  const buyer = { paymentCountry: member.payment_country, country: member.country };
  const country = pricingCountry(config, buyer, undefined, geoipCountry) ?? config.countries[0]!;
  return config.credit_packages.find((pkg) => pkg.prices[country])?.prices[country]?.currency ?? 'EUR';
}

/** Spending care (issue 16): the member's monthly limit and what they spent this month. */
export const spendingRoutes: FastifyPluginAsyncZod<SpendingRoutesOptions> = async (app, { spending }) => {
  app.get(
    SPENDING_PATH,
    { config: { access: 'member' }, schema: { response: { 200: SpendingResponseSchema } } },
    async ({ site, member, settings }) =>
      spending.status(member.id, paymentCurrency(site.config, member, settings.geoip_country)),
  );

  app.put(
    SPENDING_PATH,
    {
      config: { access: 'member' },
      schema: { body: SpendingLimitRequestSchema, response: { 200: SpendingResponseSchema } },
    },
    async ({ site, member, settings, body }) => {
      const currency = paymentCurrency(site.config, member, settings.geoip_country);
      await spending.setLimit(member.id, body.limit, currency);
      return spending.status(member.id, currency);
    },
  );
};
