import { CreditsResponseSchema, type MessageCostInfo, type Settings } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { isPremium, messageCreditsFor } from '../../platform/payments/premium-terms.js';
import { createCreditsRepository } from './credits.repository.js';

export interface CreditsRoutesOptions {
  db: Db;
}

/** Ledger rows shown with the balance; older ones belong on a statement page, not here. */
export const LEDGER_ROWS_SHOWN = 50;

/**
 * Spec §9: the price of a message in the currency of the member's country, falling back to the
 * GeoIP country, then to the site's first country (a site always prices that one); for a premium
 * member, with premium's discount on the credits and so on the money (issue 16).
 */
export function messageCostFor(settings: Settings, memberCountry: string | null, premium = false): MessageCostInfo {
  const costs = settings.minimum_message_costs;
  const country = [memberCountry, settings.geoip_country, ...settings.countries].find(
    (candidate) => candidate !== null && costs[candidate] !== undefined,
  );
  const price = country ? costs[country] : Object.values(costs)[0];
  const credits = messageCreditsFor(settings, premium);
  const share = settings.message_credits === 0 ? 1 : credits / settings.message_credits;
  // A site without any price charges credits only; show no money rather than a made-up one.
  return { credits, costs: Math.round((price?.costs ?? 0) * share * 100) / 100, currency: price?.currency ?? 'EUR' };
}

/** GET /api/credits.php — ours: balance, what a message costs, and the latest ledger rows. */
export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (app, { db }) => {
  const credits = createCreditsRepository(db);

  app.get(
    '/api/credits.php',
    { config: { access: 'member' }, schema: { response: { 200: CreditsResponseSchema } } },
    async (request) => {
      const member = request.member;
      const [balance, ledger] = await Promise.all([
        credits.balanceOf(member.id),
        credits.latestLedger(member.id, LEDGER_ROWS_SHOWN),
      ]);
      return {
        balance,
        message_cost: messageCostFor(request.settings, member.country, isPremium(member, Date.now())),
        ledger: ledger.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      };
    },
  );
};
